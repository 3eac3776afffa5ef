import { describe, expect, it } from "vitest";
import { ForecastLog } from "../../src/storage/repos/forecast-log.js";
import { FORECAST_SCORING_JOB } from "../../src/jobs/forecast-scoring.js";
import { paidRoutes } from "../support/paid-routes.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";
import { naiveScore, readCloses } from "../reference/naive-track-record.js";
import { findOperationContract } from "../../src/contracts/operation-contracts.js";
import { findCatalogRoute } from "../../src/contracts/route-catalog.js";
import { queryOf } from "../support/query-of.js";

type Body = Record<string, any>;

describe.skipIf(!SHARED_PRESENT)("the forecast log of paid answers", () => {
  const harness = paidRoutes();
  const log = () => new ForecastLog(harness.service().database.db);
  const FORWARD = "/forward_distribution?ticker=SPY&start_date=2020-02-20&end_date=2020-03-20&k=10";

  it("logs one row per forecast however often it is bought, with the first sale's signed hash", async () => {
    const hashes: string[] = [];
    let body: Body = {};
    for (let i = 0; i < 3; i++) {
      const res = await harness.payer().pay(FORWARD, "POST");
      expect(res.status).toBe(200);
      hashes.push(res.headers.get("x-response-hash")!);
      body = (await res.json()) as Body;
    }
    // Nothing logged for an unpaid call or a refused one.
    expect((await harness.service().app.request(FORWARD, { method: "POST" })).status).toBe(402);
    await harness.expect422("/forward_distribution?ticker=SPY&start_date=2020-02-20&end_date=2020-03-20&k=5", "k");
    const rows = (await log().all("live")).filter((r) => r.route === "forward_distribution");
    expect(rows.map((r) => r.horizon)).toEqual([7, 30]);
    for (const [i, r] of rows.entries()) {
      expect(`sha256=${r.responseSha256}`).toBe(hashes[0]);
      expect(r).toMatchObject({ series: "SPY", asOfDate: "2020-03-19", horizonUnit: "calendar_days", outcomeKind: "return", exAnte: false });
      const h = body.horizons[i];
      expect(r.mean).toBe(h.mean_ci.mean);
      expect(r.range).toEqual({ low: h.p10, high: h.p90, level: 0.8 });
      expect(r.meanInterval).toEqual({ low: h.mean_ci.low, high: h.mean_ci.high, level: 0.9 });
      expect([r.probabilityUp, r.baselineMean, r.baselineHitRate, r.dispersion]).toEqual([h.hit_rate, h.baseline.mean, h.baseline.hit_rate, h.std]);
    }
    // The buyer finds their forecast by the hash they were given.
    const found = await harness.service().app.request(`/api/track-record?response_hash=${encodeURIComponent(hashes[0])}`);
    expect(((await found.json()) as Body).forecasts.map((f: Body) => [f.route, f.horizon, f.response_hash])).toEqual([
      ["forward_distribution", 7, hashes[0]],
      ["forward_distribution", 30, hashes[0]],
    ]);
  });

  it("scores a forecast whose horizon has passed in the stored bars, as the CSV says", async () => {
    const res = await harness.payer().pay(FORWARD, "POST");
    const body = (await res.json()) as Body;
    // The latest shape: its horizon is beyond the stored history, so it stays pending.
    expect((await harness.call("/api/backtest?ticker=QQQ")).status).toBe(200);
    await harness.service().jobs.runNow(FORECAST_SCORING_JOB);
    const rows = await log().all("live");
    const latest = rows.filter((r) => r.route === "api_backtest");
    expect(latest.map((r) => [r.series, r.exAnte, r.status])).toEqual([
      ["QQQ", true, "pending"],
      ["QQQ", true, "pending"],
    ]);
    expect(latest[0].pendingReason).toMatch(/do not reach 7 days after/);
    const spy = readCloses(DAILY_DATASET_DIR, "SPY");
    for (const [i, r] of rows.filter((x) => x.route === "forward_distribution").entries()) {
      const h = body.horizons[i];
      const expected = naiveScore(spy, "2020-03-19", h.horizon_days, { mean: h.mean_ci.mean, p10: h.p10, p90: h.p90, hitRate: h.hit_rate, baselineHitRate: h.baseline.hit_rate });
      expect(r.status).toBe("scored");
      const score = r.score!;
      expect(score.outcomeDate).toBe(expected.outcomeDate);
      expect(score.realised).toBeCloseTo(expected.realised, 12);
      expect([score.insideRange, score.directionRight, score.baselineDirectionRight]).toEqual([expected.insideRange, expected.directionRight, expected.baselineDirectionRight]);
      expect(score.insideMeanInterval).toBe(expected.realised >= h.mean_ci.low && expected.realised <= h.mean_ci.high);
      expect(score.brier).toBeCloseTo(expected.brier, 12);
      expect(score.realisedVolatility).toBeCloseTo(expected.realisedVolatility, 12);
      expect(score.trailingVolatility).toBeCloseTo(expected.trailingVolatility, 12);
    }
  });

  it("logs the claims of every forecast route's documented example, each from its own answer", async () => {
    const expected: Record<string, (body: Body) => number> = {
      get_patterns: (b) => b.evidence.length,
      regime_detection: (b) => b.forward_summary.length,
      position_size: () => 1,
      pattern_backtest: (b) => b.pending_events.length,
      playbook: (b) => b.ticker_outcomes.length + b.peers.filter((p: Body) => p.status === "ok").reduce((n: number, p: Body) => n + p.outcomes.length, 0),
      macro_analog: (b) => b.evidence.length * 4,
      api_backtest: (b) => b.horizons.length,
      trading_signal: () => 1,
      trading_scan: (b) => b.setups.length,
    };
    for (const [operationId, count] of Object.entries(expected)) {
      const contract = findOperationContract(operationId)!;
      const before = (await log().all("live")).filter((r) => r.route === operationId).length;
      // The documented pattern backtest has no trigger in its last bars: a small rise over 20 bars has some.
      const params = operationId === "pattern_backtest" ? { ticker: "SPY", lookback_days: 20, forward_days: 20, min_return: 0.001 } : contract.example.params;
      const { status, body } = await harness.call(`${findCatalogRoute(operationId).path}?${queryOf(params)}`);
      expect(status, operationId).toBe(200);
      const rows = (await log().all("live")).filter((r) => r.route === operationId);
      expect(rows.length - before, operationId).toBe(count(body));
      expect(count(body), operationId).toBeGreaterThan(0);
      expect(rows.every((r) => r.responseSha256 !== null && r.asOfDate <= "2026-12-31"), operationId).toBe(true);
    }
    // A trading signal's row states its side and the rules version it was decided by.
    const signalRow = (await log().all("live")).find((r) => r.route === "trading_signal")!;
    expect(["long", "short", "flat"]).toContain(signalRow.direction);
    expect(JSON.parse(signalRow.inputsJson)).toMatchObject({ rule_version: 2 });
    // The 10-year yield's outcomes are changes in points; the others returns.
    const macro = (await log().all("live")).filter((r) => r.route === "macro_analog");
    expect(new Set(macro.map((r) => `${r.series} ${r.outcomeKind}`))).toEqual(new Set(["^VIX return", "^TNX change", "SPY return", "GC=F return"]));
  });
});
