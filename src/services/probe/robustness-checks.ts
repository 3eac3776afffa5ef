import type { ProbeCheck } from "../../domain/probe-report.js";
import type { SafeResponse } from "../../providers/http/safe-outbound-client.js";
import { fail, fromProblems, pass, skip, warn } from "./check-result.js";
import type { Exchange } from "./probe-session.js";

/** The Origin the probe sends, as a browser agent on another site would. */
export const PROBE_BROWSER_ORIGIN = "https://agent.example";

/** The headers a paying client sends, by protocol version: what a preflight must allow and the 402 expose. */
export function paymentHeaders(version: 1 | 2): { request: string; exposed: string[] } {
  return version === 2 ? { request: "payment-signature", exposed: ["payment-required", "payment-response"] } : { request: "x-payment", exposed: ["x-payment-response"] };
}

const CORS_FIX =
  "Answer OPTIONS preflights with Access-Control-Allow-Origin and Access-Control-Allow-Headers including PAYMENT-SIGNATURE (v1: X-PAYMENT) and Content-Type, " +
  "and send Access-Control-Expose-Headers: PAYMENT-REQUIRED, PAYMENT-RESPONSE (v1: X-PAYMENT-RESPONSE) so browser agents can pay.";

/** A browser agent can pay: the preflight allows the payment header, the 402 exposes the payment headers. */
export function checkCors(preflight: Exchange, challenge: SafeResponse, version: 1 | 2): ProbeCheck {
  if (!preflight.ok) return skip("cors", `OPTIONS: no answer (${preflight.reason}: ${preflight.message})`);
  const { request, exposed } = paymentHeaders(version);
  const problems: string[] = [];
  const headers = preflight.response.headers;
  if (preflight.response.status >= 300) problems.push(`OPTIONS answered ${preflight.response.status}`);
  if (headers["access-control-allow-origin"] === undefined) problems.push("the preflight has no Access-Control-Allow-Origin");
  const allowed = (headers["access-control-allow-headers"] ?? "").toLowerCase().split(",").map((h) => h.trim());
  if (!allowed.includes("*") && !allowed.includes(request)) problems.push(`Access-Control-Allow-Headers (${headers["access-control-allow-headers"] ?? "absent"}) does not allow ${request}`);
  const exposedNow = (challenge.headers["access-control-expose-headers"] ?? "").toLowerCase().split(",").map((h) => h.trim());
  const missing = exposed.filter((h) => !exposedNow.includes(h) && !exposedNow.includes("*"));
  if (missing.length > 0) problems.push(`the 402's Access-Control-Expose-Headers (${challenge.headers["access-control-expose-headers"] ?? "absent"}) lacks ${missing.join(", ")}`);
  const evidence = `OPTIONS ${preflight.response.status} allows ${request}; the 402 exposes ${exposed.join(", ")}`;
  return fromProblems("cors", problems, "warn", evidence, CORS_FIX);
}

/** The two garbage payments the probe sends: never a signature of anything. */
export const MALFORMED_PAYMENTS: readonly { header: string; value: string }[] = [
  { header: "PAYMENT-SIGNATURE", value: "%%%not-base64" },
  { header: "X-PAYMENT", value: "e30=" }, // base64 of "{}"
];

const MALFORMED_FIX =
  "Treat a payment header that does not decode or validate as a client error: answer 402 with fresh terms (the reference server does) or 400, never a 5xx or the paid content.";

/** A garbage payment header answers 402 or 400: a 5xx (crash) or a 200 (served unpaid) fails. */
export function checkMalformed(answers: readonly { header: string; value: string; exchange: Exchange }[]): ProbeCheck {
  const seen: string[] = [];
  const problems: string[] = [];
  let answered = 0;
  for (const { header, value, exchange } of answers) {
    if (!exchange.ok) {
      seen.push(`${header}: ${value} -> no answer (${exchange.reason})`);
      continue;
    }
    answered += 1;
    const status = exchange.response.status;
    seen.push(`${header}: ${value} -> ${status}`);
    if (status >= 500) problems.push(`${header}: ${value} answered ${status} (a server error on caller input)`);
    else if (status < 300) problems.push(`${header}: ${value} answered ${status}: served without a valid payment`);
  }
  if (answered === 0) return skip("malformed", seen.join("; "));
  if (problems.length > 0) return fail("malformed", `${problems.join("; ")} (all: ${seen.join("; ")})`, MALFORMED_FIX);
  const odd = answers.filter((a) => a.exchange.ok && ![400, 402].includes(a.exchange.response.status));
  if (odd.length > 0) return warn("malformed", `${seen.join("; ")}: expected 402 or 400`, MALFORMED_FIX);
  return pass("malformed", seen.join("; "));
}
