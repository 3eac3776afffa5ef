import { expect, it } from "vitest";
import type { ForecastRecord, ForecastScore } from "../../src/domain/forecast-claim.js";
import { ForecastLog } from "../../src/storage/repos/forecast-log.js";
import { describeOnEachDatabase } from "../support/test-databases.js";

const DAY_MS = 86_400_000;
const T0 = Date.parse("2025-01-06T00:00:00.000Z");

const row = (id: string, over: Partial<ForecastRecord> = {}): ForecastRecord => ({
  id,
  source: "live",
  route: "forward_distribution",
  series: "SPY",
  inputsJson: '{"k":10,"ticker":"SPY"}',
  fingerprint: "f".repeat(64),
  asOfDate: "2025-01-06",
  asOfMs: T0,
  horizon: 7,
  horizonUnit: "calendar_days",
  outcomeKind: "return",
  loggedAtMs: T0 + 1000,
  responseSha256: "a".repeat(64),
  exAnte: true,
  mean: 0.0125,
  median: 0.01,
  range: { low: -0.03, high: 0.05, level: 0.8 },
  meanInterval: { low: -0.001, high: 0.02, level: 0.9 },
  probabilityUp: 0.6,
  direction: null,
  baselineMean: 0.004,
  baselineHitRate: 0.58,
  dispersion: 0.025,
  nIndependent: 10,
  dueAtMs: T0 + 7 * DAY_MS,
  status: "pending",
  pendingReason: null,
  score: null,
  ...over,
});

const score: ForecastScore = {
  outcomeDate: "2025-01-13",
  realised: -0.0125,
  insideRange: true,
  insideMeanInterval: false,
  directionRight: false,
  baselineDirectionRight: false,
  brier: 0.36,
  baselineBrier: 0.3364,
  realisedVolatility: 0.021,
  trailingVolatility: null,
  scoredAtMs: T0 + 8 * DAY_MS,
};

describeOnEachDatabase("forecast log", (open) => {
  it("keeps one row per forecast (the first sale's hash), scores it once, and finds it by its hash", async () => {
    const log = new ForecastLog((await open()).db);
    expect(await log.insert([row("a")])).toBe(1);
    // The same forecast bought again, with another body hash: nothing new, the first hash stays.
    expect(await log.insert([row("a", { responseSha256: "b".repeat(64) }), row("a2", { id: "a2", responseSha256: "c".repeat(64) })])).toBe(0);
    // Another horizon, another source: distinct forecasts.
    expect(await log.insert([row("b", { horizon: 30, dueAtMs: T0 + 30 * DAY_MS }), row("r", { source: "replay", responseSha256: null })])).toBe(2);
    const all = await log.all();
    expect(all.map((r) => r.id)).toEqual(["a", "b", "r"]);
    expect(all[0]).toEqual(row("a"));
    expect((await log.byResponseHash("a".repeat(64))).map((r) => r.id)).toEqual(["a", "b"]);
    expect(await log.byResponseHash("b".repeat(64))).toEqual([]);

    expect((await log.due(T0 + 6 * DAY_MS, 10)).map((r) => r.id)).toEqual([]);
    expect((await log.due(T0 + 7 * DAY_MS, 10)).map((r) => r.id)).toEqual(["a", "r"]);
    expect((await log.due(T0 + 40 * DAY_MS, 10, { dueAtMs: T0 + 7 * DAY_MS, id: "a" })).map((r) => r.id)).toEqual(["r", "b"]);
    expect(await log.score("a", score)).toBe(true);
    expect(await log.score("a", { ...score, realised: 1 })).toBe(false);
    await log.markPending("r", "bars do not reach it");
    await log.markVoid("b", "a gap");
    await log.markPending("b", "not again");
    const [a, b] = await log.all("live");
    expect(a).toEqual({ ...row("a"), status: "scored", score });
    expect(b).toMatchObject({ status: "void", pendingReason: "a gap", score: null });
    expect((await log.all("replay"))[0]).toMatchObject({ status: "pending", pendingReason: "bars do not reach it" });
    expect([...(await log.asOfDates("replay", "forward_distribution", "SPY"))]).toEqual(["2025-01-06"]);
    expect((await log.asOfDates("live", "forward_distribution", "QQQ")).size).toBe(0);
  });
});
