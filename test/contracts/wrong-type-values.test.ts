import { describe, expect, it } from "vitest";
import { paidRoutes } from "../support/paid-routes.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

type Detail = { param: string; issue: string };

/**
 * A wrong-typed value is reported as what it is (the parameter, what was expected, what came), never as
 * "is required"; a parameter given in the query and the body with different values is a 422.
 */
describe.skipIf(!SHARED_PRESENT)("422 for wrong-typed values names the parameter, the expectation and the value", () => {
  const { call, payer } = paidRoutes();
  const json = (body: unknown): RequestInit => ({ body: JSON.stringify(body), headers: { "content-type": "application/json" } });

  async function detailFor(url: string, param: string, init?: RequestInit): Promise<string> {
    const { status, body } = await call(url, init);
    expect([url, status, body.error?.code]).toEqual([url, 422, "VALIDATION_FAILED"]);
    const detail = (body.error.details as Detail[]).find((d) => d.param === param);
    expect(detail, JSON.stringify(body.error)).toBeDefined();
    expect(body.error.message).toContain(detail!.issue);
    return detail!.issue;
  }

  const WINDOW = "ticker=AAPL&start_date=2024-10-01&end_date=2024-11-01";

  it("reports count, k and wrap by their expected type and the value that came", async () => {
    const before = await payer().balance();
    expect(await detailFor("/get_market_movers?count=lots", "count")).toBe('must be a whole number; got "lots"');
    expect(await detailFor(`/get_patterns?${WINDOW}&k=abc`, "k")).toBe('must be a whole number; got "abc"');
    expect(await detailFor(`/get_patterns?${WINDOW}&wrap=maybe`, "wrap")).toBe('must be true or false; got "maybe"');
    expect(await payer().balance()).toBe(before);
  });

  it("reports a JSON number where a symbol is expected, and keeps 'is required' for what did not come", async () => {
    expect(await detailFor("/get_latest_price", "ticker", json({ ticker: 123 }))).toBe("must be a string; got 123");
    expect(await detailFor("/get_latest_price", "ticker")).toBe("is required");
    expect(await detailFor("/get_patterns", "k", json({ ticker: "AAPL", start_date: "2024-10-01", end_date: "2024-11-01", k: [3] }))).toMatch(/got \[3\]$/);
  });

  it("rejects a parameter given in the query and the body with different values, and accepts the same value twice", async () => {
    const issue = await detailFor(`/get_patterns?${WINDOW}&k=3`, "k", json({ k: 5 }));
    expect(issue).toBe('is given twice with different values (query "3", body 5); send it once');
    const same = await call(`/get_patterns?${WINDOW}&k=5`, json({ k: 5 }));
    expect(same.status).toBe(200);
    expect(same.body.matches ?? same.body.analogs ?? same.body).toBeDefined();
  });
});
