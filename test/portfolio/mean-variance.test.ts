import { beforeAll, describe, expect, it } from "vitest";
import { optimizeMeanVariance } from "../../src/analytics/mean-variance.js";
import type { QuadraticSolver } from "../../src/analytics/quadratic-program.js";
import { HighsSolverLoader } from "../../src/services/portfolio/highs-qp-solver.js";
import { mulberry32 } from "../support/seeded-rng.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { covariance, meanOf, readCsv, sharedWindow } from "./naive-portfolio.js";

const rows = (m: number[][]) => m.map((r) => Float64Array.from(r));
const moments = (mu: number[], cov: number[][]) => ({ meanAnnual: Float64Array.from(mu), covAnnual: rows(cov) });
const stats = (w: ArrayLike<number>, mu: number[], cov: number[][]) => {
  let ret = 0;
  let variance = 0;
  for (let i = 0; i < mu.length; i++) {
    ret += w[i] * mu[i];
    for (let j = 0; j < mu.length; j++) variance += w[i] * cov[i][j] * w[j];
  }
  return { ret, vol: Math.sqrt(variance) };
};

/** Every long-only 3-asset weight vector on a grid of 1/steps. */
function* simplexGrid(steps: number): Generator<number[]> {
  for (let a = 0; a <= steps; a++) for (let b = 0; b <= steps - a; b++) yield [a / steps, b / steps, (steps - a - b) / steps];
}

const MU = [0.08, 0.15, 0.12];
const COV = [
  [0.04, 0.006, 0.01],
  [0.006, 0.09, 0.02],
  [0.01, 0.02, 0.0625],
];

describe("long-only mean-variance on the HiGHS solver", () => {
  let solver: QuadraticSolver;
  beforeAll(async () => {
    solver = await new HighsSolverLoader().load();
  });

  const solve = (mu: number[], cov: number[][], objective: "max_ratio" | "min_volatility" | "max_return", rf = 0.04) => {
    const outcome = optimizeMeanVariance({ moments: moments(mu, cov), riskFreeRate: rf, objective }, solver);
    if (outcome.kind !== "ok") throw new Error(`expected a solution, got ${outcome.kind}`);
    return outcome;
  };

  it("finds the minimum-volatility portfolio a brute-force grid search approaches from above", () => {
    const result = solve(MU, COV, "min_volatility");
    let best = Infinity;
    for (const w of simplexGrid(400)) best = Math.min(best, stats(w, MU, COV).vol);
    expect(result.volatility).toBeLessThanOrEqual(best + 1e-12);
    expect(best - result.volatility).toBeLessThan(1e-5);
    // Interior optimum: w ∝ Σ⁻¹1, checked by hand-derived values (numpy: 0.54750609, 0.19040903, 0.26208488).
    expect(Array.from(result.weights)).toEqual([expect.closeTo(0.54750609, 7), expect.closeTo(0.19040903, 7), expect.closeTo(0.26208488, 7)]);
  });

  it("finds the maximum-ratio portfolio a brute-force grid search approaches from below", () => {
    const result = solve(MU, COV, "max_ratio");
    let best = -Infinity;
    let bestW: number[] = [];
    for (const w of simplexGrid(400)) {
      const { ret, vol } = stats(w, MU, COV);
      if ((ret - 0.04) / vol > best) [best, bestW] = [(ret - 0.04) / vol, w];
    }
    expect(result.ratio as number).toBeGreaterThanOrEqual(best - 1e-12);
    expect((result.ratio as number) - best).toBeLessThan(1e-5);
    result.weights.forEach((w, i) => expect(Math.abs(w - bestW[i])).toBeLessThan(0.01));
    expect(result.ratio).toBeCloseTo((result.expectedReturn - 0.04) / result.volatility, 12);
  });

  it("sets a weight to zero when the grid's best has it at zero (a corner of the simplex)", () => {
    // Asset 2 is dominated: same variance as asset 0, lower mean, highly correlated.
    const mu = [0.12, 0.1, 0.02];
    const cov = [
      [0.04, 0.01, 0.035],
      [0.01, 0.05, 0.012],
      [0.035, 0.012, 0.04],
    ];
    const result = solve(mu, cov, "max_ratio", 0.03);
    expect(result.weights[2]).toBe(0);
    let best = -Infinity;
    for (const w of simplexGrid(400)) {
      const { ret, vol } = stats(w, mu, cov);
      best = Math.max(best, (ret - 0.03) / vol);
    }
    expect(Math.abs((result.ratio as number) - best)).toBeLessThan(1e-5);
  });

  it("puts all weight in the highest-mean asset for max_return, a tie going to the lower-volatility asset", () => {
    expect(Array.from(solve(MU, COV, "max_return").weights)).toEqual([0, 1, 0]);
    const tied = solve([0.1, 0.2, 0.2], [[0.04, 0, 0], [0, 0.09, 0], [0, 0, 0.05]], "max_return");
    expect(Array.from(tied.weights)).toEqual([0, 0, 1]);
    const exact = solve([0.2, 0.2], [[0.04, 0], [0, 0.04]], "max_return");
    expect(Array.from(exact.weights)).toEqual([1, 0]);
  });

  it("reports max_ratio as undefined when no asset beats the risk-free rate", () => {
    const outcome = optimizeMeanVariance({ moments: moments(MU, COV), riskFreeRate: 0.2, objective: "max_ratio" }, solver);
    expect(outcome).toEqual({ kind: "no_excess_return", bestMeanAnnual: 0.15 });
  });

  it("handles a singular covariance (two identical assets) without failing", () => {
    const cov = [
      [0.04, 0.04, 0.01],
      [0.04, 0.04, 0.01],
      [0.01, 0.01, 0.0625],
    ];
    const result = solve([0.1, 0.1, 0.12], cov, "min_volatility");
    // Any split between the twins is optimal; their sum is the hand-solved 7/11.
    expect(result.weights[0] + result.weights[1]).toBeCloseTo(7 / 11, 8);
    expect(result.weights[2]).toBeCloseTo(4 / 11, 8);
  });

  describe.skipIf(!SHARED_PRESENT)("on five assets of the daily dataset", () => {
    const files = ["AAPL.csv", "MSFT.csv", "NVDA.csv", "GOLD.csv", "GOOGL.csv"];
    let mu: number[];
    let cov: number[][];
    beforeAll(() => {
      const { returns } = sharedWindow(files.map(readCsv), 24);
      mu = returns.map((r) => meanOf(r) * 252);
      cov = returns.map((a) => returns.map((b) => covariance(a, b) * 252));
    });

    it("meets the KKT conditions of min_volatility: (Σw)_i equals w'Σw where w_i > 0 and is no smaller where w_i = 0", () => {
      const { weights } = solve(mu, cov, "min_volatility");
      expect(weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      // Both branches of the conditions are exercised: some assets held, some not.
      expect(weights.filter((w) => w > 1e-6).length).toBeGreaterThanOrEqual(2);
      expect(weights.filter((w) => w === 0).length).toBeGreaterThanOrEqual(1);
      const variance = stats(weights, mu, cov).vol ** 2;
      weights.forEach((w, i) => {
        expect(w).toBeGreaterThanOrEqual(0);
        const marginal = cov[i].reduce((s, c, j) => s + c * weights[j], 0);
        if (w > 1e-6) expect(marginal).toBeCloseTo(variance, 7);
        else expect(marginal).toBeGreaterThanOrEqual(variance - 1e-9);
      });
    });

    it("meets the KKT conditions of max_ratio: μ_i - rf = S/σ (Σw)_i where w_i > 0, and no more where w_i = 0", () => {
      const result = solve(mu, cov, "max_ratio");
      const scale = (result.ratio as number) / result.volatility;
      expect(result.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      expect(result.weights.filter((w) => w > 1e-6).length).toBeGreaterThanOrEqual(2);
      expect(result.weights.filter((w) => w === 0).length).toBeGreaterThanOrEqual(1);
      result.weights.forEach((w, i) => {
        const gap = mu[i] - 0.04 - scale * cov[i].reduce((s, c, j) => s + c * result.weights[j], 0);
        if (w > 1e-6) expect(gap).toBeCloseTo(0, 6);
        else expect(gap).toBeLessThanOrEqual(1e-9);
      });
    });

    it("beats 5,000 random long-only portfolios on volatility (min_volatility) and on ratio (max_ratio)", () => {
      const minVol = solve(mu, cov, "min_volatility");
      const maxRatio = solve(mu, cov, "max_ratio");
      const uniform = mulberry32(7);
      for (let trial = 0; trial < 5000; trial++) {
        // Uniform on the simplex: normalised exponentials.
        const raw = files.map(() => -Math.log(1 - uniform()));
        const total = raw.reduce((a, b) => a + b, 0);
        const { ret, vol } = stats(raw.map((x) => x / total), mu, cov);
        expect(vol).toBeGreaterThanOrEqual(minVol.volatility - 1e-12);
        expect((ret - 0.04) / vol).toBeLessThanOrEqual((maxRatio.ratio as number) + 1e-12);
      }
    });
  });
});
