import pino from "pino";
import { describe, expect, it } from "vitest";
import { ForecastLog } from "../../src/storage/repos/forecast-log.js";
import { naiveRecord, type PlainRow } from "../reference/naive-track-record.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { suiteService } from "../support/suite-service.js";
import { trackRecordContract } from "../../src/contracts/track-record/track-record.js";

type Body = Record<string, any>;
const silent = pino({ level: "silent" });

describe.skipIf(!SHARED_PRESENT)("GET /api/track-record", () => {
  const service = suiteService();

  it("is free, and empty on a node that has logged nothing", async () => {
    const res = await service().app.request("/api/track-record");
    expect(res.status).toBe(200);
    const body = (await res.json()) as Body;
    expect(trackRecordContract.response.safeParse(body).success).toBe(true);
    expect([body.live.rows, body.replay.rows, body.live.groups, body.forecasts]).toEqual([0, 0, [], []]);
    expect(body.replay.label).toMatch(/^REPLAY/);
    expect((await service().app.request("/api/track-record?response_hash=abc")).status).toBe(422);
  });

  it("shows the scored replay per route and horizon, its coverage and hit rates as its rows say", async () => {
    const { trackRecord } = service();
    const report = await trackRecord.replay.run({ budgetMs: 600_000, nowMs: () => Date.now(), logger: silent, tickers: ["SOL-USD"] });
    expect(report).toMatchObject({ tickers: 1, complete: true });
    expect(report.decisions).toBeGreaterThan(500);
    // Incremental: a second run finds every decision logged.
    expect((await trackRecord.replay.run({ budgetMs: 600_000, nowMs: () => Date.now(), logger: silent, tickers: ["SOL-USD"] })).decisions).toBe(0);
    await trackRecord.scorer.scoreDue(Date.now(), silent);
    // A new computation, not the empty record computed a moment ago.
    const later = await service().app.request("/api/track-record");
    const rows = await new ForecastLog(service().database.db).all("replay");
    const body = (await later.json()) as Body;
    expect(trackRecordContract.response.safeParse(body).success).toBe(true);
    expect(body.replay.rows).toBe(rows.length);
    const plain: PlainRow[] = rows.map((r) => ({
      route: r.route,
      horizon: r.horizon,
      exAnte: r.exAnte,
      status: r.status,
      inRange: r.range === null ? null : (r.score?.insideRange ?? null),
      right: r.score?.directionRight ?? null,
      baselineRight: r.score?.baselineDirectionRight ?? null,
      realised: r.score?.realised ?? null,
      baselineMean: r.baselineMean,
    }));
    // Every route replayed for a coin (/macro_analog's decisions are the equity index's): one group per horizon.
    expect(body.replay.groups.map((g: Body) => `${g.route} ${g.horizon}`)).toEqual([
      "api_backtest 7",
      "api_backtest 30",
      "forward_distribution 7",
      "forward_distribution 30",
      "get_patterns 7",
      "get_patterns 30",
      "pattern_backtest 20",
      "playbook 7",
      "playbook 30",
      "position_size 30",
      "regime_detection 7",
      "regime_detection 30",
      "trading_signal 30",
    ]);
    for (const g of body.replay.groups) {
      const naive = naiveRecord(plain, g.route, g.horizon);
      expect([g.scored, g.pending]).toEqual([naive.scored, naive.pending]);
      expect(g.scored).toBeGreaterThan(g.route === "pattern_backtest" ? 20 : 50);
      // regime_detection's 3 analogs and get_patterns' evidence publish no range for the outcome: no coverage, as the rows say.
      expect(g.range_coverage.rate === null).toBe(naive.coverage === null);
      expect(g.range_coverage.rate === null).toBe(g.route === "regime_detection" || g.route === "get_patterns");
      if (naive.coverage !== null) {
        expect(g.range_coverage.rate).toBeCloseTo(naive.coverage, 12);
        expect(g.range_coverage.low).toBeCloseTo(naive.coverageInterval![0], 12);
        expect(g.range_coverage.high).toBeCloseTo(naive.coverageInterval![1], 12);
      }
      // A trading signal carries no baseline (its baselines are /trading/performance's): no hit rate against one.
      expect(naive.hitRate === null).toBe(g.route === "trading_signal");
      if (naive.hitRate === null) expect([g.hit_rate.rate, g.baseline_hit_rate.rate, g.realised_excess.mean]).toEqual([null, null, null]);
      else {
        expect(g.hit_rate.rate).toBeCloseTo(naive.hitRate, 12);
        expect(g.baseline_hit_rate.rate).toBeCloseTo(naive.baselineHitRate!, 12);
        expect(g.realised_excess.mean).toBeCloseTo(naive.meanExcess!, 12);
      }
    }
  });
});
