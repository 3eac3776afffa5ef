import { afterAll, beforeAll } from "vitest";
import { startPaidService, type PaidService } from "./paid-routes.js";

/**
 * Feed routes serve only stored snapshots offline: for what nothing is stored under they answer 503
 * UPSTREAM_UNAVAILABLE (the upstream's state, not the caller's mistake), which must still carry the error model.
 */
export const OFFLINE_FEED_PATHS: ReadonlySet<string> = new Set([
  "/get_fear_greed",
  "/get_earnings_calendar",
  "/get_economic_calendar",
  "/search_preprints",
  "/get_fundamentals",
  "/get_options_chain",
  "/get_trends",
  "/get_hardware_prices",
  "/earnings_surprise",
  "/api/earnings-surprise",
]);

/** One operation of the served /openapi.json, as the walks over every route read it. */
export type WalkedOperation = {
  parameters?: { name: string; schema?: { type?: string } }[];
  requestBody?: { content: { "application/json": { example?: Record<string, unknown> } } };
  "x-payment-info"?: { price?: { mode?: string } };
};

/**
 * The paid service a walk over every route calls, started and closed around the enclosing describe block. Its
 * payer can also buy campaigns at the example's budget (odd but valid values buy them) beside every other route.
 */
export function routeWalkService(): () => PaidService {
  let paid: PaidService | undefined;
  beforeAll(async () => {
    paid = await startPaidService();
    await paid.service.embedded!.mintUsdc(paid.payer.account.address, 500_000_000n);
  });
  afterAll(async () => {
    await paid?.service.close();
  });
  return () => {
    if (paid === undefined) throw new Error("routeWalkService: the service has not started (use it inside tests)");
    return paid;
  };
}

/**
 * The answer to a POST of `path?query` (with a JSON body when given), paid for when the operation is paid. A
 * dynamically priced route quotes only valid parameters: its refusal before any 402 is the answer.
 */
export async function answerOperation(paid: PaidService, path: string, op: WalkedOperation, query: string, body?: string): Promise<Response> {
  const url = `${path}?${query}`;
  const init = { method: "POST", ...(body === undefined ? {} : { body, headers: { "content-type": "application/json" } }) };
  if (op["x-payment-info"] === undefined) return paid.service.app.request(url, init);
  const dynamic = op["x-payment-info"].price?.mode === "dynamic";
  const quote = dynamic ? await paid.service.app.request(url, init) : undefined;
  if (quote !== undefined && quote.status !== 402) return quote;
  const signature = await paid.payer.paymentFor(dynamic ? url : path, "POST", body === undefined ? {} : { body, headers: { "content-type": "application/json" } });
  return paid.service.app.request(url, { ...init, headers: { ...(init.headers ?? {}), "PAYMENT-SIGNATURE": signature } });
}
