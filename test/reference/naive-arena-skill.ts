import { naiveStudentTCdf } from "./naive-student-t.js";

/**
 * The arena's skill against climatology recomputed from its documented definitions (docs/arena.md, "Scores"),
 * with loops and no shared code: an oracle for test/arena/arena-skill.test.ts.
 */

export interface NaiveRound {
  roundId: string;
  coin: string;
  source: "hyperliquid" | "offline";
  openedAtMs: number;
  deadlineMs: number;
  /** null: not settled (void or pending). */
  outcome: 0 | 1 | null;
}

/** (Y + 1) / (N + 2) over the settled rounds of the same coin and source with deadline <= this round's opening. */
export function naiveClimatology(round: NaiveRound, rounds: readonly NaiveRound[]): number {
  let n = 0;
  let yes = 0;
  for (const other of rounds) {
    if (other.outcome === null || other.coin !== round.coin || other.source !== round.source) continue;
    if (other.deadlineMs > round.openedAtMs) continue;
    n += 1;
    yes += other.outcome;
  }
  return (yes + 1) / (n + 2);
}

const quantiles = new Map<string, number>();

/**
 * The t quantile (p > 0.5) by the Illinois variant of false position on the numerically integrated distribution
 * function, bracketed by [0, 64] (remembered: each distribution function value costs a 20,000-step integral).
 */
function naiveTQuantile(p: number, df: number): number {
  const key = `${p}/${df}`;
  const known = quantiles.get(key);
  if (known !== undefined) return known;
  let [a, b] = [0, 64];
  let [fa, fb] = [naiveStudentTCdf(a, df) - p, naiveStudentTCdf(b, df) - p];
  let side = 0;
  let x = a;
  for (let i = 0; i < 60 && b - a > 1e-11; i++) {
    x = (a * fb - b * fa) / (fb - fa);
    const fx = naiveStudentTCdf(x, df) - p;
    if (Math.abs(fx) < 1e-14) break;
    if (fx * fb > 0) {
      [b, fb] = [x, fx];
      if (side === -1) fa /= 2;
      side = -1;
    } else {
      [a, fa] = [x, fx];
      if (side === 1) fb /= 2;
      side = 1;
    }
  }
  quantiles.set(key, x);
  return x;
}

export interface NaiveSkill {
  nDeadlines: number;
  meanBrier: number;
  climatologyBrier: number;
  skill: number;
  interval: { low: number; high: number } | null;
  lowerBound: number | null;
  skilled: boolean | null;
}

/**
 * Entries (p, outcome, climatology, deadline) -> the skill: per deadline the mean of (q - o)^2 - (p - o)^2, then the
 * mean over deadlines; the 90% interval and the one-sided 97.5% bound by Hall's transformation of the studentised
 * mean with the deadline averages' own skewness (moment estimator), given from 10 deadlines.
 */
export function naiveSkill(entries: readonly { p: number; outcome: 0 | 1; climatology: number; deadlineMs: number }[]): NaiveSkill {
  const deadlines = [...new Set(entries.map((e) => e.deadlineMs))];
  const values = deadlines.map((d) => {
    const mine = entries.filter((e) => e.deadlineMs === d);
    return mine.reduce((s, e) => s + (e.climatology - e.outcome) ** 2 - (e.p - e.outcome) ** 2, 0) / mine.length;
  });
  const n = values.length;
  const avg = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
  const skill = avg(values);
  const base = {
    nDeadlines: n,
    meanBrier: avg(entries.map((e) => (e.p - e.outcome) ** 2)),
    climatologyBrier: avg(entries.map((e) => (e.climatology - e.outcome) ** 2)),
    skill,
  };
  if (n < 10) return { ...base, interval: null, lowerBound: null, skilled: null };
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - skill) ** 2, 0) / (n - 1));
  const m2 = values.reduce((s, v) => s + (v - skill) ** 2, 0) / n;
  const m3 = values.reduce((s, v) => s + (v - skill) ** 3, 0) / n;
  const gamma = m3 / m2 ** 1.5;
  const a = gamma / (6 * Math.sqrt(n));
  // Hall: g(T) = T + a (1 + 2T^2) + (4/3) a^2 T^3, inverted in closed form.
  const gInverse = (y: number) => (Math.cbrt(6 * a * (y - a) + 1) - 1) / (2 * a);
  const se = sd / Math.sqrt(n);
  const q90 = naiveTQuantile(0.95, n - 1);
  const q975 = naiveTQuantile(0.975, n - 1);
  const lowerBound = skill - gInverse(q975) * se;
  return { ...base, interval: { low: skill - gInverse(q90) * se, high: skill - gInverse(-q90) * se }, lowerBound, skilled: lowerBound > 0 };
}
