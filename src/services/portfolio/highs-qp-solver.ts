import * as highsModule from "highs";
import type { Highs, ModelData } from "highs";
import type { QpSolution, QpStatus, QuadraticProgram, QuadraticSolver } from "../../analytics/quadratic-program.js";

/**
 * The optimizer's solver: HiGHS (University of Edinburgh; convex QP by its primal active-set method, LP by
 * simplex) compiled to WebAssembly by the `highs` package. Loading the module compiles ~3.5 MB of Wasm
 * (~80 ms), so it happens once per instance, on first use; every solve is synchronous and gets a fresh
 * native solver, so concurrent requests never share solver state.
 */
export class HighsSolverLoader {
  private loading: Promise<QuadraticSolver> | undefined;

  load(): Promise<QuadraticSolver> {
    if (this.loading === undefined) {
      const pending = highsLoader()().then((highs) => new HighsQuadraticSolver(highs));
      // A failed load is retried on the next request rather than cached.
      pending.catch(() => {
        this.loading = undefined;
      });
      this.loading = pending;
    }
    return this.loading as Promise<QuadraticSolver>;
  }
}

/**
 * The package's typings are CommonJS-shaped (`export default` in a CJS .d.ts), so under NodeNext TypeScript
 * sees the module object where Node's ESM entry (build/highs.mjs) really exports the loader as default.
 */
function highsLoader(): () => Promise<Highs> {
  const candidate: unknown = (highsModule as { default: unknown }).default;
  const loader = typeof candidate === "function" ? candidate : (candidate as { default?: unknown } | undefined)?.default;
  if (typeof loader !== "function") throw new Error("the highs package exports no loader function");
  return loader as () => Promise<Highs>;
}

/**
 * No proximal regularisation (HiGHS adds 1e-7 I to Q by default, which biases weights by ~1e-7; the
 * active-set method handles the semidefinite covariance of collinear assets without it), and feasibility
 * tolerances tightened from 1e-7 to 1e-9 so weights are exact to well below the precision we report.
 */
const SOLVER_OPTIONS = {
  output_flag: false,
  qp_regularization_value: 0,
  primal_feasibility_tolerance: 1e-9,
  dual_feasibility_tolerance: 1e-9,
} as const;

class HighsQuadraticSolver implements QuadraticSolver {
  readonly name: string;

  constructor(private readonly highs: Highs) {
    this.name = `HiGHS ${highs.raw.version().string} (highs-js, primal active-set QP, simplex LP)`;
  }

  solve(problem: QuadraticProgram): QpSolution {
    const n = problem.c.length;
    const finite = (v: number) => (v === Number.POSITIVE_INFINITY ? this.highs.infinity : v === Number.NEGATIVE_INFINITY ? -this.highs.infinity : v);
    const rows = problem.a;
    const model: ModelData = {
      numCols: n,
      numRows: rows.length,
      colCost: problem.c,
      colLower: problem.lower.map(finite),
      colUpper: problem.upper.map(finite),
      rowLower: problem.rowLower.map(finite),
      rowUpper: problem.rowUpper.map(finite),
      matrix: {
        format: "csr",
        numRows: rows.length,
        numCols: n,
        starts: Int32Array.from({ length: rows.length + 1 }, (_, i) => i * n),
        indices: Int32Array.from({ length: rows.length * n }, (_, i) => i % n),
        values: Float64Array.from({ length: rows.length * n }, (_, i) => rows[Math.floor(i / n)][i % n]),
      },
      ...(problem.q === null ? {} : { hessian: lowerTriangle(problem.q) }),
    };
    try {
      return this.highs.withModel(model, (solver) => {
        solver.options.set(SOLVER_OPTIONS);
        solver.run();
        return { status: this.statusOf(solver.getModelStatus()), x: Float64Array.from(solver.getSolution().colValue) };
      });
    } catch {
      // HiGHS refused the model or failed natively; the caller reports a solver failure.
      return { status: "failed", x: new Float64Array(n) };
    }
  }

  private statusOf(code: number): QpStatus {
    const codes = this.highs.constants.modelStatus;
    if (code === codes.optimal) return "optimal";
    if (code === codes.infeasible) return "infeasible";
    if (code === codes.unbounded || code === codes.unboundedOrInfeasible) return "unbounded";
    return "failed";
  }
}

/** Lower triangle of a dense symmetric matrix in HiGHS's compressed-column Hessian format (zeros kept: HiGHS drops them). */
function lowerTriangle(q: readonly Float64Array[]) {
  const n = q.length;
  const starts = [0];
  const indices: number[] = [];
  const values: number[] = [];
  for (let j = 0; j < n; j++) {
    for (let i = j; i < n; i++) {
      if (q[i][j] === 0) continue;
      indices.push(i);
      values.push(q[i][j]);
    }
    starts.push(indices.length);
  }
  return { format: "triangular" as const, dimension: n, starts, indices, values };
}
