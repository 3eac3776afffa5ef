import { describe, expect, it } from "vitest";
import { earningsReaction, type EarningsReaction, type MarketCloses } from "../../src/analytics/abnormal-reaction.js";
import { buyTheDipFlag, highVolatilityFlag, HIGH_VOLATILITY_MULTIPLE } from "../../src/analytics/earnings-flags.js";
import type { DailyClose } from "../../src/analytics/earnings-reaction.js";
import { mulberry32, normalSampler, unitStudentTSampler, type Uniform } from "../support/seeded-rng.js";

/**
 * Seeded coverage of the earnings flags' 90% intervals (src/analytics/earnings-flags.ts) on a known data-generating
 * process, run end to end through the production flags: a market and a stock are simulated day by day, reports
 * are placed 10 sessions apart (closer than a quarter, to keep the run short: independence needs only the 6 of a
 * report's window) after a year of history, and the flags are computed from the closes as
 * the route computes them (yardsticks, reference skewness and all).
 *
 * The process: market daily return m ~ N(0, 1%); stock daily return = m + a, the abnormal part a = 1.5% x e with e
 * a unit-variance shock; on a report's day 1, a = -K x 1.5% x |e'| (a drop, K times an ordinary day's mean absolute
 * move). So, by construction:
 *  - the high-volatility flag's mean ratio estimates K (E|a_report| / E|a_ordinary|), here K = 2, its threshold;
 *  - every report is a dip, and what follows it is four ordinary days: the buy-the-dip drift's mean is
 *    E[prod(1 + m + a) - prod(1 + m)] = 0 over those sessions, its threshold.
 * Truths at the thresholds also measure the false-flag rate: a raised flag there is a 90% interval missing on
 * one side, about 5% of the time.
 * Shocks: normal and centred exponential (skewness 2: rare large up-moves); with EARNINGS_COVERAGE_SCALE=k (k times
 * the replications) Student t(5) too (heavy tails). The default run takes about 3 s, its coverage figures carry a
 * standard error of about 0.8% (n = 5) to 1.5% (n = 30). Measured with EARNINGS_COVERAGE_SCALE=4 (6000, 4000 and
 * 1600 replications), as coverage of high_volatility_event / buy_the_dip:
 *   normal  n=5 92.3 / 90.2   n=10 90.1 / 89.5   n=30 88.4 / 89.7
 *   skewed  n=5 92.0 / 92.8   n=10 93.8 / 90.0   n=30 92.3 / 90.6
 *   t(5)    n=5 92.8 / 90.1   n=10 92.4 / 90.0   n=30 91.0 / 91.1
 * and flags raised at the threshold 4.8% to 6.3% of the time (one side of a 90% interval: 5% nominal). The
 * high-volatility interval treats each report's yardstick as known; here reports 10 sessions apart share almost
 * the same 250-session yardstick, so its error does not average out across reports and costs about 1.5 points at
 * n = 30 (quarterly reports, a quarter apart, share less of it). Of the skewed process's n = 5 runs a quarter
 * withhold the high-volatility interval: |ordinary abnormal moves| that skewed need more reports (interval-policy.ts).
 */

const ORDINARY_SD = 0.015;
const MARKET_SD = 0.01;
const K = HIGH_VOLATILITY_MULTIPLE;
const WARM_UP_SESSIONS = 260;
const SPACING_SESSIONS = 10;

/** Weekday dates from 2001-01-01 on, enough for the longest simulated history. */
const DATES: string[] = (() => {
  const out: string[] = [];
  for (let ms = Date.UTC(2001, 0, 1); out.length < WARM_UP_SESSIONS + 31 * SPACING_SESSIONS + 10; ms += 86_400_000) {
    const day = new Date(ms).getUTCDay();
    if (day !== 0 && day !== 6) out.push(new Date(ms).toISOString().slice(0, 10));
  }
  return out;
})();

type Shock = { name: string; draw: (uniform: Uniform) => () => number };

/** A longer run for measuring, not for every test run: replications multiplied, heavy tails added. */
const SCALE = Number(process.env.EARNINGS_COVERAGE_SCALE ?? "1");

const SHOCKS: Shock[] = [
  { name: "normal", draw: (u) => normalSampler(u) },
  { name: "skewed (Exp(1) - 1)", draw: (u) => () => -Math.log(1 - u()) - 1 },
  ...(SCALE > 1 ? [{ name: "heavy-tailed (t5)", draw: (u: Uniform) => unitStudentTSampler(u, 5) }] : []),
];

interface Replication {
  reactions: EarningsReaction[];
  stock: DailyClose[];
  market: MarketCloses;
}

function simulate(n: number, shock: () => number, normal: () => number): Replication {
  const sessions = WARM_UP_SESSIONS + n * SPACING_SESSIONS + 10;
  const reportBefore = new Set(Array.from({ length: n }, (_, i) => WARM_UP_SESSIONS + i * SPACING_SESSIONS));
  const stock: DailyClose[] = [];
  const market = new Map<string, number>();
  let s = 100;
  let m = 100;
  for (let t = 0; t < sessions; t++) {
    if (t > 0) {
      const marketReturn = MARKET_SD * normal();
      const abnormal = reportBefore.has(t - 1) ? -K * ORDINARY_SD * Math.abs(shock()) : ORDINARY_SD * shock();
      s *= 1 + marketReturn + abnormal;
      m *= 1 + marketReturn;
    }
    stock.push({ date: DATES[t]!, close: s });
    market.set(DATES[t]!, m);
  }
  const closes: MarketCloses = { ticker: "SIM", byDate: market, note: null };
  const reactions = [...reportBefore].map((b) => earningsReaction(stock, DATES[b]!, "after-hours", closes)!);
  return { reactions, stock, market: closes };
}

interface Tally {
  given: number;
  covered: number;
  raised: number;
  insufficient: number;
}

function coverage(n: number, shock: Shock, replications: number, seed: number) {
  const uniform = mulberry32(seed);
  const draw = shock.draw(uniform);
  const normal = normalSampler(uniform);
  const tally = () => ({ given: 0, covered: 0, raised: 0, insufficient: 0 });
  const volatility: Tally = tally();
  const dip: Tally = tally();
  const count = (t: Tally, flag: { verdict: string; interval: { low: number | null; high: number | null } }, truth: number) => {
    if (flag.verdict === "raised") t.raised++;
    if (flag.interval.low === null || flag.interval.high === null) {
      t.insufficient++;
      return;
    }
    t.given++;
    if (flag.interval.low <= truth && truth <= flag.interval.high) t.covered++;
  };
  const reasons = new Set<string>();
  for (let r = 0; r < replications; r++) {
    const { reactions, stock, market } = simulate(n, draw, normal);
    const high = highVolatilityFlag(reactions, stock, market);
    const buy = buyTheDipFlag(reactions, stock, market);
    if (high.n !== n || buy.n !== n) throw new Error(`expected ${n} reports in both flags, got ${high.n} and ${buy.n}`);
    count(volatility, high, K);
    count(dip, buy, 0);
    if (high.verdict === "insufficient") reasons.add(high.reason);
    if (buy.verdict === "insufficient") reasons.add(buy.reason);
  }
  return { volatility, dip, reasons };
}

const rate = (part: number, whole: number) => (whole === 0 ? Number.NaN : part / whole);
const REPLICATIONS: Record<number, number> = { 5: 1500 * SCALE, 10: 1000 * SCALE, 30: 400 * SCALE };

describe("earnings flags: seeded coverage of their 90% intervals", () => {
  it("says, at n = 3, that nothing can be flagged from so few reports", () => {
    for (const shock of SHOCKS) {
      const { volatility, dip, reasons } = coverage(3, shock, 50, 3);
      expect(volatility.insufficient + dip.insufficient).toBe(100);
      expect(volatility.raised + dip.raised).toBe(0);
      expect([...reasons]).toEqual(["cannot be decided from 3 reports: 3 independent outcomes: too few for an interval (at least 5)"]);
    }
  });

  const measured: string[] = [];
  for (const shock of SHOCKS) {
    for (const n of [5, 10, 30]) {
      it(`holds at least 88% at n = ${n}, ${shock.name} shocks, and raises a flag at its threshold at most 7% of the time`, () => {
        const { volatility, dip } = coverage(n, shock, REPLICATIONS[n]!, 1000 + n);
        for (const [name, t] of [["high_volatility_event", volatility], ["buy_the_dip", dip]] as const) {
          const covered = rate(t.covered, t.given);
          measured.push(
            `${shock.name.padEnd(20)} n=${String(n).padStart(2)} ${name.padEnd(21)} coverage ${(100 * covered).toFixed(1)}% of ${t.given} intervals ` +
              `(withheld ${t.insufficient}), raised ${(100 * rate(t.raised, REPLICATIONS[n]!)).toFixed(1)}%`,
          );
          expect(t.given).toBeGreaterThan(0.5 * REPLICATIONS[n]!);
          expect(covered).toBeGreaterThanOrEqual(0.88);
          expect(rate(t.raised, REPLICATIONS[n]!)).toBeLessThanOrEqual(0.07);
        }
      });
    }
  }

  it("prints what it measured", () => {
    console.log(measured.join("\n"));
  });
});
