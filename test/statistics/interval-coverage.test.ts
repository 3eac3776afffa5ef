import { describe, expect, it } from "vitest";
import { analogForecast } from "../../src/analytics/analog-forecast.js";
import { baselineOf, forecastEvidence, unconditionalBaseline } from "../../src/analytics/forecast-evidence.js";
import { MIN_INTERVAL_N } from "../../src/analytics/interval-policy.js";
import { macroAnalogs, SHORT_HORIZON_WITHHELD } from "../../src/analytics/macro-periods.js";
import { profileStudy } from "../../src/analytics/profile-study.js";
import { prepareSeries } from "../../src/core/prepared-series.js";
import { mulberry32, normalSampler } from "../support/seeded-rng.js";
import { coverage, coverageYielding, processes, randomWalkHorizonMean, randomWalkSeries } from "./coverage-harness.js";

/**
 * Seeded coverage simulations of the intervals every forecast-like answer publishes (interval-policy.ts). Each draws
 * outcomes from a process with a known mean and counts how often the published 90% interval holds it: the
 * floor is the nominal level minus 2 points. Below the policy's minimum the answer must say so instead.
 */
const FLOOR = 0.88;

/** A baseline as the service builds one, from `count` non-overlapping draws of the process (its skewness is the process's, estimated). */
function baselineFrom(draw: () => number, count: number) {
  const values = Array.from({ length: count }, draw);
  const spans = values.map((_, i) => ({ start: i, end: i + 1 }));
  return baselineOf(30, values, spans, Float64Array.from({ length: count + 1 }, (_, i) => i * 86_400_000));
}

describe("interval coverage of a forecast's mean (mean_ci)", () => {
  for (const process of processes(101)) {
    it(`holds 90% at n = 5, 10, 30 and says why there is none at n = 3 (${process.name})`, () => {
      const baseline = baselineFrom(process.draw, 5000);
      for (const n of [3, 5, 10, 30]) {
        let reason = "";
        const result = coverage(3000, () => {
          const e = forecastEvidence(Array.from({ length: n }, process.draw), baseline);
          if (e.meanCi === null) {
            reason = e.intervalWithheld!;
            return null;
          }
          return e.meanCi.low <= process.mean && process.mean <= e.meanCi.high;
        });
        if (n < MIN_INTERVAL_N) {
          expect(result.withheld, `${process.name} n=${n}`).toBe(3000);
          expect(reason).toBe(`${n} independent outcomes: too few for an interval (at least ${MIN_INTERVAL_N})`);
        } else {
          expect(result.withheld, `${process.name} n=${n}`).toBe(0);
          expect(result.rate, `${process.name} n=${n}: coverage ${result.rate}`).toBeGreaterThanOrEqual(FLOOR);
        }
      }
    });
  }
});

describe("interval coverage of the excess over the baseline (excess_over_baseline)", () => {
  // A coin-like history of 7.5 years at a 365-day horizon (the baseline rests on about 7 periods), and a stock-like
  // one of 30 years at 30 days (about 365): the baseline's own error dominates the first and vanishes in the second.
  const histories = [
    { name: "7.5 years, 365-day horizon", bars: 2738, days: 365, drift: 0.0015, vol: 0.04, analogDrift: 0.001, trials: 1000 },
    { name: "15 years, 30-day horizon", bars: 5475, days: 30, drift: 0.0003, vol: 0.012, analogDrift: 0.0008, trials: 1000 },
  ];
  for (const h of histories) {
    it(`holds 90% at n = 5, 10, 30 with the baseline's error included (${h.name})`, () => {
      const trueExcess = randomWalkHorizonMean(h.days, h.analogDrift, h.vol) - randomWalkHorizonMean(h.days, h.drift, h.vol);
      const z = normalSampler(mulberry32(7));
      // Analog outcomes: h-day returns of a walk with another drift, the same volatility.
      const outcome = () => Math.exp(h.days * h.analogDrift + Math.sqrt(h.days) * h.vol * z()) - 1;
      const sizes = [5, 10, 30];
      const tallies = sizes.map(() => ({ covered: 0, naive: 0, given: 0, withheld: 0 }));
      for (let trial = 0; trial < h.trials; trial++) {
        // One history per trial, read by every sample size.
        const baseline = unconditionalBaseline(randomWalkSeries(1000 + trial, h.bars, h.drift, h.vol), h.days);
        sizes.forEach((n, i) => {
          const e = forecastEvidence(Array.from({ length: n }, outcome), baseline);
          const tally = tallies[i];
          if (e.excess.ci === null) {
            tally.withheld += 1;
            return;
          }
          tally.given += 1;
          if (e.excess.ci.low <= trueExcess && trueExcess <= e.excess.ci.high) tally.covered += 1;
          // The interval that ignores the baseline's error: the mean's interval shifted by the baseline mean.
          if (e.meanCi!.low - e.baseline.mean! <= trueExcess && trueExcess <= e.meanCi!.high - e.baseline.mean!) tally.naive += 1;
        });
      }
      sizes.forEach((n, i) => {
        const { covered, naive, given, withheld } = tallies[i];
        // A 365-day return of a coin is skewed (about 3): at n = 5 an occasional history is too skewed for an interval.
        expect(withheld / h.trials, `${h.name} n=${n}`).toBeLessThan(0.02);
        expect(covered / given, `${h.name} n=${n}: coverage ${covered / given}`).toBeGreaterThanOrEqual(FLOOR);
        // Where the baseline rests on a handful of periods and the analogs on many, leaving the baseline's error out
        // misses far more than 10% of the time (the BTC case of issue 32: t -1.87 becomes about -0.75).
        if (h.days === 365 && n === 30) expect(naive / given, `${h.name} n=${n}: without the baseline's error`).toBeLessThan(0.8);
      });
    });
  }
});

describe("interval coverage through the analog paths, on random walks (no shape predicts what follows)", () => {
  // Best-match analogs lean their outcomes (a window beats its shifted neighbours, which hold its outcome days), so
  // without the design effect these ran at 67-89% (k = 50, h = 7: 67%). m = 60 at 30 days is a documented limit.
  const configs = [
    { k: 30, days: 30, m: 20, floor: FLOOR },
    { k: 30, days: 7, m: 20, floor: FLOOR },
    { k: 50, days: 7, m: 20, floor: FLOOR },
    { k: 20, days: 7, m: 10, floor: FLOOR },
    { k: 10, days: 30, m: 20, floor: FLOOR },
    { k: 30, days: 60, m: 40, floor: FLOOR },
    { k: 30, days: 30, m: 60, floor: 0.8 },
  ];
  for (const c of configs) {
    it(`forward distribution (and so /api/backtest, /position_size, signals), k = ${c.k}, ${c.days} days after ${c.m} bars: the analogs' mean interval holds the walk's mean`, async () => {
      const truth = randomWalkHorizonMean(c.days, 0.0004, 0.015);
      const sizes: number[] = [];
      const effects: number[] = [];
      const result = await coverageYielding(400, (trial) => {
        const series = randomWalkSeries(50_000 + trial, 3000, 0.0004, 0.015);
        const prepared = prepareSeries(series.closes, series.breakBefore);
        const figures = analogForecast(series, prepared, { start: 3000 - c.m, m: c.m }, { k: c.k, metric: "l2", horizonsDays: [c.days], causal: true });
        const e = figures.evidence[0];
        sizes.push(e.nIndependent);
        if (e.designEffect !== null) effects.push(e.designEffect);
        return e.meanCi === null ? null : e.meanCi.low <= truth && truth <= e.meanCi.high;
      });
      console.log(`k=${c.k} h=${c.days} m=${c.m}: coverage ${result.rate.toFixed(3)}, withheld ${result.withheld}, design effect median ${effects.sort((a, b) => a - b)[effects.length >> 1]?.toFixed(2)}`);
      expect(Math.min(...sizes)).toBeGreaterThanOrEqual(MIN_INTERVAL_N);
      // Every design effect was measurable (3,000 bars hold plenty of references before the query) and widened.
      expect(effects.length).toBe(400);
      expect(result.rate, `coverage ${result.rate}`).toBeGreaterThanOrEqual(c.floor);
      // 400 forecasts, each with its 40 reference searches: tens of seconds, longer on a busy machine.
    }, 300_000);
  }

  it("regime detection's 3 analogs never give an interval, and say why", () => {
    const series = randomWalkSeries(9, 2000, 0, 0.01);
    const figures = analogForecast(series, prepareSeries(series.closes, series.breakBefore), { start: 1940, m: 60 }, { k: 3, metric: "l2", horizonsDays: [7, 30], causal: true });
    for (const e of figures.evidence) {
      expect(e.meanCi).toBeNull();
      expect(e.intervalWithheld).toMatch(/^[0-3] independent outcomes?: too few for an interval \(at least 5\)$/);
      expect(e.excess.ci).toBeNull();
    }
  });

  it("macro analogs: each series' interval of its periods' mean move holds the walk's mean, and below 5 periods says so", async () => {
    // Volatility, equity and gold as walks whose moves are returns (the yield's, a change, is the same machinery).
    const walks = [
      { role: "volatility", drift: -0.0002, vol: 0.05 },
      { role: "equity", drift: 0.0004, vol: 0.011 },
      { role: "gold", drift: 0.0002, vol: 0.009 },
    ] as const;
    const tallies = new Map<string, { covered: number; given: number; withheld: number }>();
    for (let trial = 0; trial < 250; trial++) {
      // A turn for the event loop now and then: the test worker must keep answering the runner.
      if (trial % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
      const yieldWalk = randomWalkSeries(70_000 + trial, 3000, 0, 0.01, "YIELD");
      const [volatility, equity, gold] = walks.map((w, i) => randomWalkSeries(60_000 + 10 * trial + i, 3000, w.drift, w.vol, w.role));
      const figures = macroAnalogs([volatility, yieldWalk, equity, gold], { lookbackDays: 20, k: trial % 5 === 0 ? 4 : 20 });
      for (const horizon of figures.evidence) {
        for (const w of walks) {
          const e = horizon.byRole[w.role];
          const key = `${w.role} ${horizon.horizonDays}d`;
          const tally = tallies.get(key) ?? { covered: 0, given: 0, withheld: 0 };
          if (e.meanCi === null) {
            tally.withheld += 1;
            if (e.nIndependent < MIN_INTERVAL_N) expect(e.intervalWithheld).toContain("too few for an interval");
            else if (horizon.horizonDays < 30) expect(e.intervalWithheld).toBe(SHORT_HORIZON_WITHHELD);
          } else {
            tally.given += 1;
            const truth = randomWalkHorizonMean(horizon.horizonDays, w.drift, w.vol);
            if (e.meanCi.low <= truth && truth <= e.meanCi.high) tally.covered += 1;
          }
          tallies.set(key, tally);
        }
      }
    }
    // 30 days: intervals (k = 20) at the nominal level, and withholdings (k = 4). 7 days: no interval at all, because
    // the best-match selection leans those moves (the plain interval held 81-84% here) and the lean is not measured.
    for (const [key, tally] of tallies) {
      if (key.endsWith("7d")) {
        expect([tally.given, tally.withheld], key).toEqual([0, 250]);
        continue;
      }
      expect(tally.given, key).toBeGreaterThan(150);
      expect(tally.withheld, key).toBeGreaterThanOrEqual(50);
      expect(tally.covered / tally.given, `${key}: coverage ${tally.covered / tally.given}`).toBeGreaterThanOrEqual(FLOOR);
    }
  });

  it("pattern backtest: the independent events' mean interval holds the walk's mean over the forward bars", () => {
    const forwardBars = 10;
    // Daily bars every calendar day: F bars are F days.
    const truth = randomWalkHorizonMean(forwardBars, 0.0003, 0.02);
    const bySize = new Map<string, { covered: number; given: number }>();
    for (let trial = 0; trial < 900; trial++) {
      const series = randomWalkSeries(90_000 + trial, [150, 500, 2000][trial % 3], 0.0003, 0.02);
      const { evidence } = profileStudy(series, { lookbackBars: 5, forwardBars, minReturn: 0.02 });
      if (evidence.meanCi === null) continue;
      const bucket = evidence.nIndependent < 10 ? "5-9" : evidence.nIndependent < 30 ? "10-29" : "30+";
      const tally = bySize.get(bucket) ?? { covered: 0, given: 0 };
      tally.given += 1;
      if (evidence.meanCi.low <= truth && truth <= evidence.meanCi.high) tally.covered += 1;
      bySize.set(bucket, tally);
    }
    expect([...bySize.keys()].sort()).toEqual(["10-29", "30+", "5-9"]);
    for (const [bucket, tally] of bySize) {
      expect(tally.given, bucket).toBeGreaterThan(100);
      expect(tally.covered / tally.given, `n ${bucket}: coverage ${tally.covered / tally.given}`).toBeGreaterThanOrEqual(FLOOR);
    }
  });
});
