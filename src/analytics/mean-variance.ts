import type { QpStatus, QuadraticProgram, QuadraticSolver } from "./quadratic-program.js";
import { portfolioMoments, type AnnualMoments } from "./return-moments.js";

export type MeanVarianceObjective = "max_ratio" | "min_volatility" | "max_return";

export interface MeanVarianceProblem {
  moments: Pick<AnnualMoments, "meanAnnual" | "covAnnual">;
  /** Annual, decimal. */
  riskFreeRate: number;
  objective: MeanVarianceObjective;
}

export type MeanVarianceOutcome =
  | { kind: "ok"; weights: Float64Array; expectedReturn: number; volatility: number; ratio: number | null; method: string }
  /** max_ratio is undefined when no asset's mean return exceeds the risk-free rate. */
  | { kind: "no_excess_return"; bestMeanAnnual: number }
  | { kind: "solver_failed"; status: QpStatus };

/** Below this a solver's weight is rounding noise (the QP's feasibility tolerance is ~1e-7 on the sum). */
const WEIGHT_NOISE = 1e-9;

/**
 * Long-only mean-variance weights (w >= 0, sum w = 1) for one of three objectives:
 * - min_volatility: minimise w'Σw, a convex QP.
 * - max_ratio: maximise (w'μ - rf) / sqrt(w'Σw). With y = w / (w'μ - rf) this is the convex QP
 *   min y'Σy subject to (μ - rf)'y = 1, y >= 0, and w = y / sum(y) (Cornuejols & Tütüncü, Optimization
 *   Methods in Finance, §8.2). It needs one asset with μ_i > rf, otherwise the best ratio is negative and
 *   the transformation does not apply.
 * - max_return: the linear objective w'μ is maximised at a vertex of the simplex: all weight in the
 *   highest-mean asset. Exact ties go to the lower-variance asset, then to the earlier one.
 */
export function optimizeMeanVariance(problem: MeanVarianceProblem, solver: QuadraticSolver): MeanVarianceOutcome {
  const { meanAnnual, covAnnual } = problem.moments;
  const k = meanAnnual.length;
  if (problem.objective === "max_return") return finish(maxReturnWeights(meanAnnual, covAnnual), problem, maxReturnMethod());

  const q = covAnnual.map((row) => row.map((v) => 2 * v));
  if (problem.objective === "min_volatility") {
    const solution = solver.solve({
      q,
      c: new Float64Array(k),
      a: [new Float64Array(k).fill(1)],
      rowLower: Float64Array.of(1),
      rowUpper: Float64Array.of(1),
      lower: new Float64Array(k),
      upper: new Float64Array(k).fill(1),
    });
    if (solution.status !== "optimal") return { kind: "solver_failed", status: solution.status };
    return finish(solution.x, problem, `minimum variance: min w'Σw subject to sum(w) = 1, 0 <= w <= 1; convex QP solved by ${solver.name}`);
  }

  const excess = meanAnnual.map((m) => m - problem.riskFreeRate);
  const best = Math.max(...excess);
  if (!(best > 0)) return { kind: "no_excess_return", bestMeanAnnual: Math.max(...meanAnnual) };
  // Scaling the constraint by the largest excess return keeps y near the size of w (better conditioning).
  const program: QuadraticProgram = {
    q,
    c: new Float64Array(k),
    a: [excess.map((e) => e / best)],
    rowLower: Float64Array.of(1),
    rowUpper: Float64Array.of(1),
    lower: new Float64Array(k),
    upper: new Float64Array(k).fill(Number.POSITIVE_INFINITY),
  };
  const solution = solver.solve(program);
  if (solution.status !== "optimal") return { kind: "solver_failed", status: solution.status };
  return finish(
    solution.x,
    problem,
    "maximum Sharpe ratio: min y'Σy subject to (μ - rf)'y = 1, y >= 0, then w = y / sum(y) " +
      `(Cornuejols-Tütüncü transformation to a convex QP), solved by ${solver.name}`,
  );
}

function maxReturnMethod(): string {
  return "maximum expected return: the linear objective w'μ on the long-only simplex is maximised by all weight in the highest-mean asset; exact ties go to the lower-volatility asset, then to the earlier ticker";
}

function maxReturnWeights(meanAnnual: Float64Array, covAnnual: readonly Float64Array[]): Float64Array {
  let best = 0;
  for (let i = 1; i < meanAnnual.length; i++) {
    const better = meanAnnual[i] > meanAnnual[best] || (meanAnnual[i] === meanAnnual[best] && covAnnual[i][i] < covAnnual[best][best]);
    if (better) best = i;
  }
  const weights = new Float64Array(meanAnnual.length);
  weights[best] = 1;
  return weights;
}

/** Removes solver noise (tiny or slightly negative weights), renormalises, and scores the portfolio. */
function finish(raw: Float64Array, problem: MeanVarianceProblem, method: string): MeanVarianceOutcome {
  const cleaned = raw.map((w) => (w > WEIGHT_NOISE ? w : 0));
  const total = cleaned.reduce((sum, w) => sum + w, 0);
  if (!(total > 0)) return { kind: "solver_failed", status: "failed" };
  const weights = cleaned.map((w) => w / total);
  const { ret, vol } = portfolioMoments(weights, problem.moments);
  const ratio = vol > 0 ? (ret - problem.riskFreeRate) / vol : null;
  return { kind: "ok", weights, expectedReturn: ret, volatility: vol, ratio, method };
}
