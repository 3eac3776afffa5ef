/**
 * The solver port of the portfolio analytics: a convex quadratic program with dense data,
 *
 *   minimise 0.5 x'Qx + c'x   subject to   rowLower <= A x <= rowUpper,   lower <= x <= upper,
 *
 * Q symmetric positive semidefinite (a zero Q is a linear program). The analytics build the problem; a
 * maintained solver chosen by the composition root solves it.
 */
export interface QuadraticProgram {
  /** Row-major symmetric Q, or null for a linear objective. */
  q: readonly Float64Array[] | null;
  c: Float64Array;
  /** Constraint rows, each of length n. */
  a: readonly Float64Array[];
  rowLower: Float64Array;
  rowUpper: Float64Array;
  lower: Float64Array;
  upper: Float64Array;
}

export type QpStatus = "optimal" | "infeasible" | "unbounded" | "failed";

export interface QpSolution {
  status: QpStatus;
  /** Primal solution; meaningful only when status is optimal. */
  x: Float64Array;
}

export interface QuadraticSolver {
  /** Solver and algorithm, reported in the route's `method`. */
  readonly name: string;
  solve(problem: QuadraticProgram): QpSolution;
}
