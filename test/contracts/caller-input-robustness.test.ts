import { describe, expect, it } from "vitest";
import { queryOf } from "../support/query-of.js";
import { answerOperation, OFFLINE_FEED_PATHS, routeWalkService, type WalkedOperation } from "../support/route-walk.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

/** Values a careless or hostile caller sends: empty, signs, huge, wrong types, impossible dates, lists, junk. */
const ODD_VALUES = ["", "0", "-1", "1e9", "abc", "1900-01-01", "2100-01-01", "BTC", "x".repeat(40), "AAPL,AAPL", ",", "0.5", "NaN", "2024-02-30"];

/**
 * "Never a 500 for something a caller did": every paid operation, with each documented parameter replaced in
 * turn by each odd value (the others as in the documented example), paid for, answers below 500 with the
 * shared error body whenever it is an error.
 */
describe.skipIf(!SHARED_PRESENT)("caller input never causes a 5xx", () => {
  const paid = routeWalkService();

  it("answers every odd parameter value below 500 with the error model", async () => {
    const doc = (await (await paid().service.app.request("/openapi.json")).json()) as { paths: Record<string, Record<string, WalkedOperation>> };
    const failures: string[] = [];
    let calls = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      const op = methods.post ?? methods.get;
      if (op["x-payment-info"] === undefined) continue;
      const example = op.requestBody?.content["application/json"].example ?? {};
      for (const { name } of op.parameters ?? []) {
        for (const value of ODD_VALUES) {
          const params = new URLSearchParams(queryOf(example));
          params.set(name, value);
          const res = await answerOperation(paid(), path, op, params.toString());
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
