import { describe, expect, it } from "vitest";
import { paidRoutes } from "../support/paid-routes.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

const sortedKeys = (o: object) => Object.keys(o).sort();

/**
 * The feed routes on an offline machine (MARKET_DATA_DIR set, no network) after `snapshots:import` of
 * ../shared/fixtures: every answer is a real recording, flagged cached, dated by the recording.
 */
describe.skipIf(!SHARED_PRESENT)("feed routes offline, from imported recordings", () => {
  const harness = paidRoutes();

  it("serves the recorded Fear & Greed reading with exactly the spec's fields, dated by the recording", async () => {
    const before = await harness.payer().balance();
    const { status, body } = await harness.call("/get_fear_greed");
    expect(status).toBe(200);
    expect(sortedKeys(body)).toEqual(
      ["score", "rating", "timestamp", "previous_week", "previous_month", "previous_year", "components", "history_30d", "fetched_at", "cached"].sort(),
    );
    expect(body).toMatchObject({ score: 30.8254, rating: "fear", cached: true, fetched_at: "2022-04-25T16:21:09.254Z" });
    expect(Object.keys(body.components)).toHaveLength(9);
    expect(body.history_30d).toHaveLength(30);
    expect(before - (await harness.payer().balance())).toBe(1000n); // $0.001
  });

  it("serves a recorded earnings day with the spec's envelope and parsed money strings", async () => {
    const { status, body } = await harness.call("/get_earnings_calendar?date=2024-07-01");
    expect(status).toBe(200);
    expect(sortedKeys(body)).toEqual(["cached", "count", "date", "earnings", "fetched_at"]);
    expect(body).toMatchObject({ date: "2024-07-01", count: 39, cached: true, fetched_at: "2024-07-01T00:00:00.000Z" });
    expect(body.earnings).toHaveLength(39);
    const ddd = body.earnings.find((r: { symbol: string }) => r.symbol === "DDD");
    expect(ddd).toMatchObject({ eps_forecast: -0.11, last_year_eps: -0.17, last_year_report_date: "2023-05-08", market_cap: 409642530, num_estimates: 2 });
  });

  it("answers a day nothing is stored for with 503, Retry-After and what to do, charging nothing", async () => {
    const payer = harness.payer();
    const before = await payer.balance();
    const res = await payer.pay("/get_earnings_calendar?date=2024-07-05");
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(res.status).toBe(503);
    expect(body.error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(body.error.message).toMatch(/snapshots:import/);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await payer.balance()).toBe(before);
  });

  it("rejects an impossible date with 422 naming it, charging nothing", async () => {
    const before = await harness.payer().balance();
    await harness.expect422("/get_earnings_calendar?date=2024-02-30", "date");
    expect(await harness.payer().balance()).toBe(before);
  });

  it("serves the last recorded ForexFactory week with the spec's envelope, saying it is a stale snapshot", async () => {
    const { status, body } = await harness.call("/get_economic_calendar?period=this_week&currencies=usd,GBP&importance=high");
    expect(status).toBe(200);
    expect(sortedKeys(body)).toEqual(
      ["period", "date_from", "date_to", "currencies", "importance", "count", "events", "note", "fetched_at", "cached"].sort(),
    );
    expect(body).toMatchObject({ period: "this_week", date_from: "2026-08-16", date_to: "2026-08-22", currencies: ["USD", "GBP"], count: 3, cached: true });
    expect(body.fetched_at).toBe("2026-08-21T00:00:00.000Z");
    expect(body.events.map((e: { title: string }) => e.title)).toEqual(["Claimant Count Change", "CPI y/y", "FOMC Meeting Minutes"]);
  });

  it("rejects unknown importance levels and malformed currency codes with 422, charging nothing", async () => {
    const before = await harness.payer().balance();
    await harness.expect422("/get_economic_calendar?importance=urgent", "importance");
    await harness.expect422("/get_economic_calendar?currencies=US,EURO", "currencies");
    await harness.expect422("/get_economic_calendar?period=next_year", "period");
    expect(await harness.payer().balance()).toBe(before);
  });

  it("serves a recorded arXiv search with the spec's envelope", async () => {
    const { status, body } = await harness.call("/search_preprints?query=Testing&max_results=10&sort_by=relevance");
    expect(status).toBe(200);
    expect(sortedKeys(body)).toEqual(["cached", "category", "count", "fetched_at", "papers", "query", "sort_by"]);
    expect(body).toMatchObject({ query: "Testing", category: null, sort_by: "relevance", count: 10, cached: true, fetched_at: "2026-04-12T22:09:27.000Z" });
    expect(body.papers[0].id).toBe("2202.12139v1");
  });

  it("validates preprint parameters: bounds, aliases and raw codes", async () => {
    const before = await harness.payer().balance();
    await harness.expect422("/search_preprints?query=x&max_results=51", "max_results");
    await harness.expect422("/search_preprints?query=x&max_results=0", "max_results");
    await harness.expect422("/search_preprints?query=x&category=not%20a%20code!", "category");
    await harness.expect422("/search_preprints?query=x&sort_by=date", "sort_by");
    await harness.expect422("/search_preprints", "query");
    // A raw code that names a property of every object is a category like any other, never an alias lookup gone wrong.
    const { status, body } = await harness.call("/search_preprints?query=x&category=constructor");
    expect(status).toBe(503);
    expect(body.error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(await harness.payer().balance()).toBe(before);
  });

  it("serves recorded fundamentals and refuses non-companies with 422, unknown recordings with 503", async () => {
    const { status, body } = await harness.call("/get_fundamentals?ticker=aapl");
    expect(status).toBe(200);
    expect(sortedKeys(body)).toEqual(
      ["analyst", "balance_sheet", "cached", "currency", "fetched_at", "growth", "margins", "name", "quote_type", "ticker", "valuation"].sort(),
    );
    expect(body).toMatchObject({ ticker: "AAPL", cached: true, fetched_at: "2025-02-24T09:35:26.000Z" });
    const before = await harness.payer().balance();
    await harness.expect422("/get_fundamentals?ticker=BTC", "ticker");
    await harness.expect422("/get_fundamentals?ticker=xyz:GOLD", "ticker");
    expect(await harness.payer().balance()).toBe(before);
  });

  it("serves the recorded AAPL chain with ratios, 422 for an unlisted expiration, 404 without options, uncharged", async () => {
    const { status, body } = await harness.call("/get_options_chain?ticker=AAPL");
    expect(status).toBe(200);
    expect(sortedKeys(body)).toEqual(["cached", "calls", "expiration", "expirations", "fetched_at", "put_call_ratio", "puts", "ticker", "underlying_price"]);
    expect(body.expiration).toBe("2025-02-28");
    expect(body.put_call_ratio.open_interest).toBeNull(); // the weekend recording reports 0 open interest everywhere
    const volume = (list: Array<{ volume: number | null }>) => list.reduce((a, c) => a + (c.volume ?? 0), 0);
    expect(body.put_call_ratio.volume).toBeCloseTo(volume(body.puts) / volume(body.calls), 12);
    const before = await harness.payer().balance();
    await harness.expect422("/get_options_chain?ticker=AAPL&expiration=2025-03-01", "expiration");
    const { status: s404, body: b404 } = await harness.call("/get_options_chain?ticker=BTC");
    expect([s404, b404.error.code]).toEqual([404, "NO_DATA"]);
    expect(await harness.payer().balance()).toBe(before);
  });

  it("serves the daily brief with a status per section, charged because sections were served", async () => {
    const before = await harness.payer().balance();
    const { status, body } = await harness.call("/daily_brief");
    expect(status).toBe(200);
    expect(sortedKeys(body)).toEqual(["date", "earnings", "economic_events", "fear_greed", "sections_served", "top_movers"]);
    expect(body.fear_greed).toMatchObject({ status: "ok", cached: true, fetched_at: "2022-04-25T16:21:09.254Z", error: null });
    expect(body.fear_greed.data.score).toBe(30.8254);
    expect(body.top_movers.status).toBe("ok"); // the offline dataset's movers
    expect(body.earnings).toMatchObject({ status: "unavailable", data: null, error: { code: "UPSTREAM_UNAVAILABLE" } }); // nothing recorded for today
    const served = ["fear_greed", "top_movers", "earnings", "economic_events"].filter((k) => body[k].status === "ok").length;
    expect(body.sections_served).toBe(served);
    expect(before - (await harness.payer().balance())).toBe(20000n); // $0.02
  });
});
