import { describe, expect, it } from "vitest";
import { arenaSkill, type ScoredEntry } from "../../src/analytics/arena-skill.js";
import { mulberry32, type Uniform } from "../support/seeded-rng.js";

/**
 * Does the arena's skill interval hold its 90% coverage, and is a no-skill agent flagged skilled at most 2.5% of
 * the time, when coins settling at one deadline move together?
 *
 * The data-generating process, and the true skill it implies (computed here from these definitions, never by the
 * service's code). Base rate PI of YES; each deadline draws a common direction r = +1 or -1 (probability 1/2 each);
 * each coin entered at that deadline settles YES with probability PI + DELTA r, independently given r, so coins
 * settling together are correlated (DELTA = 0: independent). The agent guesses the direction, g = r with
 * probability (1 + KAPPA) / 2 (KAPPA = 0: a guess with no information), and enters p = PI + a g on every coin of that
 * deadline, a drawn from CONFIDENCE per entry. Climatology is the base rate PI. An entry's skill
 * (PI - o)^2 - (PI + a g - o)^2 = 2 a g (o - PI) - a^2, whose expectation is
 *
 *   S = 2 E[a] DELTA KAPPA - E[a^2]   (E[g (o - PI)] = DELTA E[g r] = DELTA KAPPA),
 *
 * the same at every deadline whatever the number of coins, so S is also the expected mean of deadline averages.
 */

const PI = 0.55;

interface Process {
  name: string;
  delta: number;
  kappa: number;
  confidence: readonly number[];
  /** Coins entered per deadline: uniform on [minCoins, maxCoins]. */
  minCoins: number;
  maxCoins: number;
}

const trueSkill = (g: Process): number => {
  const ea = g.confidence.reduce((s, a) => s + a, 0) / g.confidence.length;
  const ea2 = g.confidence.reduce((s, a) => s + a * a, 0) / g.confidence.length;
  return 2 * ea * g.delta * g.kappa - ea2;
};

/** One agent's settled entries over `deadlines` deadlines. */
function simulate(g: Process, deadlines: number, u: Uniform): ScoredEntry[] {
  const entries: ScoredEntry[] = [];
  for (let t = 0; t < deadlines; t++) {
    const r = u() < 0.5 ? 1 : -1;
    const guess = u() < (1 + g.kappa) / 2 ? r : -r;
    const coins = g.minCoins + Math.floor(u() * (g.maxCoins - g.minCoins + 1));
    for (let c = 0; c < coins; c++) {
      const outcome = u() < PI + g.delta * r ? 1 : 0;
      const a = g.confidence[Math.floor(u() * g.confidence.length)];
      entries.push({ deadlineMs: t * 3_600_000, p: PI + a * guess, outcome, climatology: PI });
    }
  }
  return entries;
}

/** The check the leaderboard made before: every entry independent, mean skill - 1.96 standard errors > 0. */
function flaggedTreatingEntriesAsIndependent(entries: readonly ScoredEntry[]): boolean {
  const d = entries.map((e) => (e.climatology - e.outcome) ** 2 - (e.p - e.outcome) ** 2);
  const m = d.reduce((s, v) => s + v, 0) / d.length;
  const sd = Math.sqrt(d.reduce((s, v) => s + (v - m) ** 2, 0) / (d.length - 1));
  return m - (1.959964 * sd) / Math.sqrt(d.length) > 0;
}

const PROCESSES: Process[] = [
  { name: "no skill, coins moving together", delta: 0.3, kappa: 0, confidence: [0.05, 0.15, 0.25], minCoins: 6, maxCoins: 6 },
  { name: "some skill, 2 to 6 coins a deadline", delta: 0.3, kappa: 0.5, confidence: [0.05, 0.15, 0.25], minCoins: 2, maxCoins: 6 },
  { name: "strong skill, 1 to 6 coins", delta: 0.35, kappa: 0.6, confidence: [0.1, 0.2, 0.3], minCoins: 1, maxCoins: 6 },
  { name: "some skill, coins barely related", delta: 0.1, kappa: 0.5, confidence: [0.05, 0.15, 0.25], minCoins: 6, maxCoins: 6 },
  { name: "independent coins", delta: 0, kappa: 0, confidence: [0.1], minCoins: 6, maxCoins: 6 },
];

describe("arena skill against climatology: coverage of the interval over deadlines (seeded simulation)", () => {
  it("the true skill of the process is what the formula says (a large simulation of the definition)", () => {
    const g = PROCESSES[2];
    const u = mulberry32(20261123);
    let sum = 0;
    let n = 0;
    for (let trial = 0; trial < 400; trial++) {
      for (const e of simulate(g, 100, u)) {
        sum += (e.climatology - e.outcome) ** 2 - (e.p - e.outcome) ** 2;
        n += 1;
      }
    }
    // About 140,000 entries: the standard error of their mean skill is about 0.0006.
    expect(Math.abs(sum / n - trueSkill(g))).toBeLessThan(0.003);
  });

  it("says so below 10 deadlines: at 3 and 5 deadlines no interval and no flag, with the reason", () => {
    const u = mulberry32(7);
    for (const deadlines of [3, 5]) {
      for (const g of PROCESSES) {
        const skill = arenaSkill(simulate(g, deadlines, u))!;
        expect(skill).toMatchObject({ nDeadlines: deadlines, interval: null, lowerBound: null, skilled: null });
        expect(skill.withheld).toBe(
          `${deadlines} deadlines: too few for an interval (at least 10; the entries settling at one deadline count once, as their average)`,
        );
      }
    }
  });

  it("covers the true skill at least 88% of the time for a nominal 90% at 10 and 30 deadlines", () => {
    const TRIALS = 2000;
    const measured: string[] = [];
    for (const [k, g] of PROCESSES.entries()) {
      const truth = trueSkill(g);
      for (const deadlines of [10, 30]) {
        const u = mulberry32(1000 * k + deadlines);
        let given = 0;
        let covered = 0;
        for (let trial = 0; trial < TRIALS; trial++) {
          const skill = arenaSkill(simulate(g, deadlines, u))!;
          expect(skill.nDeadlines).toBe(deadlines);
          if (skill.interval === null) continue;
          given += 1;
          if (skill.interval.low <= truth && truth <= skill.interval.high) covered += 1;
        }
        // An interval is withheld only when every deadline average is equal, which these processes never give.
        expect(given).toBe(TRIALS);
        measured.push(`${g.name} @ ${deadlines}: ${((100 * covered) / given).toFixed(1)}%`);
      }
    }
    const coverages = measured.map((m) => Number(m.slice(m.lastIndexOf(" ") + 1, -1)));
    expect(coverages.filter((c) => c < 88), measured.join("; ")).toEqual([]);
  });
});

describe("arena skill: a no-skill agent copying one guess across 6 correlated coins (seeded simulation)", () => {
  // The case: one direction guessed per deadline (p = PI +/- 0.05) copied to 6 coins that move together.
  const COPYING: Process = { name: "copying one guess", delta: 0.3, kappa: 0, confidence: [0.05], minCoins: 6, maxCoins: 6 };
  // The hardest null: just enough information that the expected skill is exactly 0 (2 * 0.05 * 0.3 * KAPPA = 0.05^2).
  const ZERO_SKILL: Process = { name: "exactly zero skill", delta: 0.3, kappa: 0.05 / 0.6, confidence: [0.05], minCoins: 6, maxCoins: 6 };
  const TRIALS = 12000;

  for (const g of [COPYING, ZERO_SKILL]) {
    it(`${g.name}: flagged skilled at most 2.5% of the time (+0.5 point for ${TRIALS} trials), where entries treated as independent flag it far more`, () => {
      expect(trueSkill(g)).toBeLessThanOrEqual(1e-12);
      const rates: string[] = [];
      for (const deadlines of [10, 30]) {
        const u = mulberry32(424242 + deadlines);
        let flagged = 0;
        let flaggedBefore = 0;
        for (let trial = 0; trial < TRIALS; trial++) {
          const entries = simulate(g, deadlines, u);
          if (arenaSkill(entries)!.skilled === true) flagged += 1;
          if (flaggedTreatingEntriesAsIndependent(entries)) flaggedBefore += 1;
        }
        const rate = flagged / TRIALS;
        const before = flaggedBefore / TRIALS;
        rates.push(`${deadlines} deadlines: ${(100 * rate).toFixed(2)}% (entries as independent: ${(100 * before).toFixed(2)}%)`);
        expect(rate, rates.join("; ")).toBeLessThanOrEqual(0.03);
        // The simulation can tell: the old way (6 correlated coins as 6 independent values) over-flags here.
        expect(before, rates.join("; ")).toBeGreaterThan(0.04);
      }
    });
  }
});
