import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPaidService, type PaidService } from "../support/paid-routes.js";
import { queryOf } from "../support/query-of.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

/** Values a careless or hostile caller sends: empty, signs, huge, wrong types, impossible dates, lists, junk. */
const ODD_VALUES = ["", "0", "-1", "1e9", "abc", "1900-01-01", "2100-01-01", "BTC", "x".repeat(40), "AAPL,AAPL", ",", "0.5", "NaN", "2024-02-30"];

/**
 * Feed routes serve only stored snapshots offline: for a value nothing is stored under they answer 503
 * UPSTREAM_UNAVAILABLE (the upstream's state, not the caller's mistake), which must still carry the error model.
 */
const OFFLINE_FEED_PATHS = new Set([
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

type OperationDoc = {
  parameters?: { name: string }[];
  requestBody?: { content: { "application/json": { example?: Record<string, unknown> } } };
  "x-payment-info"?: unknown;
};

/**
 * "Never a 500 for something a caller did": every paid operation, with each documented parameter replaced in
 * turn by each odd value (the others as in the documented example), paid for, answers below 500 with the
 * shared error body whenever it is an error.
 */
describe.skipIf(!SHARED_PRESENT)("caller input never causes a 5xx", () => {
  let paid: PaidService;
  beforeAll(async () => {
    paid = await startPaidService();
    // Odd values that are still valid buy campaigns at the example's budget: room for them beside every other route.
    await paid.service.embedded!.mintUsdc(paid.payer.account.address, 500_000_000n);
  });
  afterAll(async () => {
    await paid?.service.close();
  });

  it("answers every odd parameter value below 500 with the error model", async () => {
    const doc = (await (await paid.service.app.request("/openapi.json")).json()) as { paths: Record<string, Record<string, OperationDoc>> };
    const failures: string[] = [];
    let calls = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      const op = methods.post ?? methods.get;
      if (op["x-payment-info"] === undefined) continue;
      const example = op.requestBody?.content["application/json"].example ?? {};
      const dynamic = (op["x-payment-info"] as { price?: { mode?: string } }).price?.mode === "dynamic";
      for (const { name } of op.parameters ?? []) {
        for (const value of ODD_VALUES) {
          const params = new URLSearchParams(queryOf(example));
          params.set(name, value);
          const url = `${path}?${params}`;
          // A dynamically priced route quotes only valid parameters: its refusal before any 402 is checked like any answer.
          const quote = dynamic ? await paid.service.app.request(url, { method: "POST" }) : undefined;
          const res =
            quote !== undefined && quote.status !== 402
              ? quote
              : await paid.service.app.request(url, { method: "POST", headers: { "PAYMENT-SIGNATURE": await paid.payer.paymentFor(dynamic ? url : path) } });
          calls += 1;
          const body = (await res.json()) as { error?: { code?: string; request_id?: string } };
          const offlineFeed = res.status === 503 && OFFLINE_FEED_PATHS.has(path) && body.error?.code === "UPSTREAM_UNAVAILABLE";
          if (res.status >= 500 && !offlineFeed) failures.push(`${res.status} ${path}?${params}: ${JSON.stringify(body).slice(0, 200)}`);
          else if (res.status >= 400 && (body.error?.code === undefined || body.error.request_id === undefined)) {
            failures.push(`${res.status} without the error model: ${path}?${params}`);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 240_000); // ~1,500 paid calls across every route: minutes on a loaded two-core machine
});
