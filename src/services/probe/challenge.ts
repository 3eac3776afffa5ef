import type { ProbeCheck } from "../../domain/probe-report.js";
import type { SafeRequestInit } from "../../providers/http/safe-outbound-client.js";
import { fail, isObject, pass } from "./check-result.js";
import type { OpenApiOperation } from "./document-checks.js";
import { readTerms } from "./payment-required.js";
import type { Exchange, ProbeSession } from "./probe-session.js";
import { PROBE_BROWSER_ORIGIN } from "./robustness-checks.js";
import type { Challenge } from "./terms-checks.js";

/** How the paid resource is called: its URL (with example parameters once they were needed) and request. */
export interface ResourceCall {
  url: URL;
  init: SafeRequestInit;
}

const CHALLENGE_FIX =
  "Answer any unpaid request to a paid route with 402 and the payment terms first, before validating parameters, authenticating or rate limiting " +
  "(indexers and agents call without parameters to read the price).";
const INCONCLUSIVE = new Set([429, 503]);
const RETRIES = 2;

/**
 * An unpaid request to the resource must answer 402. 429/503 are retried twice (Retry-After, at most 2 s);
 * a 400/422 fails the check, and the call is repeated once with the OpenAPI example parameters so the
 * other checks still get a 402 to examine.
 */
export async function runChallenge(
  session: ProbeSession,
  resource: URL,
  operation: OpenApiOperation | undefined,
  sleep: (ms: number) => Promise<void>,
): Promise<{ check: ProbeCheck; challenge: Challenge | undefined; call: ResourceCall; lastExchange: Exchange }> {
  const method = operation?.method === "post" ? "POST" : "GET";
  let call: ResourceCall = { url: resource, init: withHeaders({ method, ...(method === "POST" ? { body: "{}" } : {}) }) };
  let exchange = await sendRetrying(session, call, sleep);
  const what = () => `unpaid ${call.init.method} ${call.url.pathname}${call.url.search}`;
  const notReady = (): ProbeCheck =>
    exchange.ok
      ? fail("challenge", `${what()} answered ${exchange.response.status}, expected 402`, CHALLENGE_FIX)
      : fail("challenge", `${what()}: no answer (${exchange.reason}: ${exchange.message})`, CHALLENGE_FIX);
  if (exchange.ok && exchange.response.status === 402) {
    return { check: pass("challenge", `${what()} answered 402`), challenge: challengeOf(exchange, call), call, lastExchange: exchange };
  }
  const first = notReady();
  const example = exchange.ok && [400, 422].includes(exchange.response.status) ? exampleCall(resource, operation, method) : undefined;
  if (example === undefined) return { check: first, challenge: undefined, call, lastExchange: exchange };
  call = example;
  exchange = await sendRetrying(session, call, sleep);
  const got = exchange.ok && exchange.response.status === 402;
  const check = { ...first, evidence: `${first.evidence} (validation before payment); with the OpenAPI example parameters it answered ${exchange.ok ? exchange.response.status : "nothing"}` };
  return { check, challenge: got && exchange.ok ? challengeOf(exchange, call) : undefined, call, lastExchange: exchange };
}

async function sendRetrying(session: ProbeSession, call: ResourceCall, sleep: (ms: number) => Promise<void>): Promise<Exchange> {
  let exchange = await session.send("challenge", call.url.toString(), call.init);
  for (let attempt = 0; attempt < RETRIES && exchange.ok && INCONCLUSIVE.has(exchange.response.status); attempt++) {
    const retryAfterS = Number(exchange.response.headers["retry-after"]);
    await sleep(Math.min(Number.isFinite(retryAfterS) && retryAfterS > 0 ? retryAfterS * 1000 : 1000 * (attempt + 1), 2000));
    exchange = await session.send("challenge", call.url.toString(), call.init);
  }
  return exchange;
}

function challengeOf(exchange: Extract<Exchange, { ok: true }>, call: ResourceCall): Challenge {
  return { response: exchange.response, terms: readTerms(exchange.response, exchange.text), requestedUrl: call.url };
}

function withHeaders(init: SafeRequestInit): SafeRequestInit {
  const headers: Record<string, string> = { accept: "application/json", origin: PROBE_BROWSER_ORIGIN };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return { ...init, headers };
}

/** The operation's documented example: query parameters (GET) or a JSON body (POST); undefined when it documents none. */
function exampleCall(resource: URL, operation: OpenApiOperation | undefined, method: "GET" | "POST"): ResourceCall | undefined {
  if (operation === undefined) return undefined;
  const op = operation.operation;
  if (method === "POST") {
    const body = isObject(op.requestBody) && isObject(op.requestBody.content) ? op.requestBody.content["application/json"] : undefined;
    const example = isObject(body) ? body.example : undefined;
    return isObject(example) ? { url: resource, init: withHeaders({ method, body: JSON.stringify(example) }) } : undefined;
  }
  const url = new URL(resource);
  for (const parameter of Array.isArray(op.parameters) ? op.parameters : []) {
    if (!isObject(parameter) || parameter.in !== "query" || typeof parameter.name !== "string") continue;
    const example = parameter.example ?? (isObject(parameter.schema) ? parameter.schema.example : undefined);
    if (example !== undefined) url.searchParams.set(parameter.name, String(example));
  }
  return url.search === "" ? undefined : { url, init: withHeaders({ method }) };
}
