import { CHECK_IDS, type CheckId, type IndexListings, type ProbeCheck, type ProbeReport } from "../../domain/probe-report.js";
import { fail, pass, skip } from "./check-result.js";
import { runChallenge } from "./challenge.js";
import { checkConsistency } from "./consistency-check.js";
import { checkDocs, checkOpenApi, checkOwnership, checkWellKnown, isPaidOperation, operationsOf, wellKnownPassed, type OpenApiOperation } from "./document-checks.js";
import { gradeOf } from "./probe-grade.js";
import type { Exchange, ProbeSession } from "./probe-session.js";
import { checkCors, checkMalformed, MALFORMED_PAYMENTS, paymentHeaders, PROBE_BROWSER_ORIGIN } from "./robustness-checks.js";
import { checkAccepts, checkAsset, checkBazaar, checkCache, checkHeaderSize, checkV2Header } from "./terms-checks.js";

/** The origin refused by the outbound policy at its first request (DNS answered a private address). */
export class OriginBlockedError extends Error {}

export interface RunContext {
  session: ProbeSession;
  listings: IndexListings[];
  nowMs: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Plain http was allowed for this host (OUTBOUND_ALLOW_HOSTS: tests and development only). */
  httpAllowed: boolean;
}

/** One probe of one origin, every check in CHECK_IDS order, within the session's request budget and deadline. */
export async function runProbe(context: RunContext): Promise<ProbeReport> {
  const { session } = context;
  const origin = session.origin;
  const startedMs = context.nowMs();
  const checks = new Map<CheckId, ProbeCheck>();
  const put = (check: ProbeCheck) => checks.set(check.id, check);
  const finish = (resource: string | null, got402: boolean): ProbeReport => {
    const ordered = CHECK_IDS.map((id) => checks.get(id) ?? skip(id, "not reached"));
    return {
      origin: origin.origin,
      probedAtMs: startedMs,
      grade: gradeOf(ordered, got402),
      resource,
      checks: ordered,
      listings: context.listings,
      timings: { totalMs: context.nowMs() - startedMs, requests: session.timings },
    };
  };

  const wellKnownExchange = await session.send("wellknown", "/.well-known/x402");
  if (!wellKnownExchange.ok && wellKnownExchange.reason === "blocked") throw new OriginBlockedError(wellKnownExchange.message);
  put(reachCheck(wellKnownExchange, origin, context.httpAllowed));
  if (!wellKnownExchange.ok) {
    for (const id of CHECK_IDS) if (id !== "reach") put(skip(id, "the origin did not answer (see reach)"));
    return finish(null, false);
  }
  const wellKnown = checkWellKnown(wellKnownExchange, origin);
  put(wellKnown.found ? wellKnownPassed(wellKnown.doc) : wellKnown.check);
  const openApi = checkOpenApi(await session.send("openapi", "/openapi.json"));
  put(openApi.check);
  const operations = openApi.doc === undefined ? [] : operationsOf(openApi.doc);

  const resource = pickResource(wellKnown.found ? wellKnown.doc.resources : undefined, operations, origin);
  put(skip("receipt", "the paid path (200 with PAYMENT-RESPONSE) cannot be tested without paying, and the probe never pays"));
  if (resource === undefined) {
    put(fail("challenge", "neither /.well-known/x402 nor /openapi.json names a paid resource on this origin", "List your paid routes in /.well-known/x402 or in /openapi.json with x-payment-info."));
    await docsCheck(context, put);
    for (const id of ["ownership", "v2-header", "accepts", "asset", "bazaar", "consistency", "cache", "cors", "malformed", "hdrsize"] as const) put(skip(id, "no paid resource to examine (see challenge)"));
    return finish(null, false);
  }
  const operation = operations.find((o) => o.path === resource.pathname && o.method === "get") ?? operations.find((o) => o.path === resource.pathname);
  const { check, challenge, call, lastExchange } = await runChallenge(session, resource, operation, context.sleep);
  put(check);
  if (challenge === undefined) {
    const noTerms = "no 402 to examine (see challenge)";
    for (const id of ["v2-header", "accepts", "asset", "bazaar", "consistency", "cache", "cors", "malformed"] as const) put(skip(id, noTerms));
    put(!lastExchange.ok && lastExchange.reason === "too_large" ? fail("hdrsize", `the answer exceeds the probe's caps (${lastExchange.message})`, "Keep the 402's headers under 8 KiB and its body small.") : skip("hdrsize", noTerms));
    put(await checkOwnership(wellKnown.found ? wellKnown.doc : undefined, origin, []));
    await docsCheck(context, put);
    return finish(resource.toString(), false);
  }
  const { terms, response } = challenge;
  const version = terms.version === 1 ? 1 : 2;
  put(checkV2Header(challenge));
  put(checkAccepts(terms));
  put(checkAsset(terms));
  put(checkBazaar(terms));
  const entries = terms.version === "unreadable" ? [] : terms.entries;
  put(checkConsistency(entries[0], `${resource.origin}${resource.pathname}`, operation, context.listings));
  put(checkCache(response));
  put(checkHeaderSize(response));
  const payTos = entries.map((e) => e.payTo).filter((p): p is string => typeof p === "string");
  put(await checkOwnership(wellKnown.found ? wellKnown.doc : undefined, origin, payTos));

  const preflight = await session.send("cors", call.url.toString(), {
    method: "OPTIONS",
    headers: { origin: PROBE_BROWSER_ORIGIN, "access-control-request-method": call.init.method ?? "GET", "access-control-request-headers": `${paymentHeaders(version).request},content-type` },
  });
  put(checkCors(preflight, response, version));
  const malformed: { header: string; value: string; exchange: Exchange }[] = [];
  for (const payment of MALFORMED_PAYMENTS) {
    const exchange = await session.send("malformed", call.url.toString(), { ...call.init, headers: { ...call.init.headers, [payment.header.toLowerCase()]: payment.value } });
    malformed.push({ ...payment, exchange });
  }
  put(checkMalformed(malformed));
  await docsCheck(context, put);
  return finish(`${resource.origin}${resource.pathname}`, true);
}

function reachCheck(first: Exchange, origin: URL, httpAllowed: boolean): ProbeCheck {
  const transport =
    origin.protocol === "https:" || !httpAllowed
      ? "https (TLS verified) from public addresses only (every resolved address checked at connect time)"
      : "plain http to a host allowed by OUTBOUND_ALLOW_HOSTS (tests and development only)";
  if (!first.ok) {
    return fail("reach", `${origin.origin} over ${transport}: no answer (${first.reason}: ${first.message})`, "Serve the origin over https with a valid certificate from a public address.");
  }
  return pass("reach", `${origin.origin} answered over ${transport}; first answer ${first.response.status} in ${Math.round(first.ms)} ms`);
}

/** The paid resource to examine: the first /.well-known/x402 resource on the origin, else the first paid OpenAPI path. */
function pickResource(wellKnownResources: unknown, operations: OpenApiOperation[], origin: URL): URL | undefined {
  if (Array.isArray(wellKnownResources)) {
    for (const value of wellKnownResources) {
      if (typeof value !== "string") continue;
      try {
        const url = new URL(value);
        if (url.origin === origin.origin) return url;
      } catch {
        // Not a URL: the wellknown check reports it.
      }
    }
  }
  // A path such as `//other.host/x` would resolve to another host: only paths of the probed origin are sent.
  const paid = operations.find((o) => !o.path.includes("{") && isPaidOperation(o.operation) && new URL(o.path, origin).origin === origin.origin);
  return paid === undefined ? undefined : new URL(paid.path, origin);
}

async function docsCheck(context: RunContext, put: (check: ProbeCheck) => void): Promise<void> {
  const llms = await context.session.send("docs", "/llms.txt");
  const home = await context.session.send("docs", "/", { headers: { accept: "text/html" } });
  put(checkDocs(llms, home));
}
