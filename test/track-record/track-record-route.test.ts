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
    expect(report.decisions).toBeGreaterThan(100);
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
    expect(body.replay.groups.map((g: Body) => `${g.route} ${g.horizon}`)).toEqual(["api_backtest 7", "api_backtest 30", "regime_detection 7", "regime_detection 30"]);
    for (const g of body.replay.groups) {
      const naive = naiveRecord(plain, g.route, g.horizon);
      expect([g.scored, g.pending]).toEqual([naive.scored, naive.pending]);
      expect(g.scored).toBeGreaterThan(50);
      // regime_detection's 3 analogs publish no range for the outcome: no coverage, as the rows say.
      expect(g.range_coverage.rate === null).toBe(naive.coverage === null);
      expect(g.range_coverage.rate === null).toBe(g.route === "regime_detection");
      if (naive.coverage !== null) {
        expect(g.range_coverage.rate).toBeCloseTo(naive.coverage, 12);
        expect(g.range_coverage.low).toBeCloseTo(naive.coverageInterval![0], 12);
        expect(g.range_coverage.high).toBeCloseTo(naive.coverageInterval![1], 12);
      }
      expect(g.hit_rate.rate).toBeCloseTo(naive.hitRate!, 12);
      expect(g.baseline_hit_rate.rate).toBeCloseTo(naive.baselineHitRate!, 12);
      expect(g.realised_excess.mean).toBeCloseTo(naive.meanExcess!, 12);
    }
  });
});
