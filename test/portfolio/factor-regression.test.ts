import { describe, expect, it } from "vitest";
import { olsWithIntercept } from "../../src/analytics/factor-regression.js";
import { mulberry32, normalSampler } from "../support/seeded-rng.js";
import { naiveOls } from "./naive-portfolio.js";

describe("OLS with intercept", () => {
  const normal = normalSampler(mulberry32(11));
  const n = 300;
  const x1 = Array.from({ length: n }, () => 0.01 * normal());
  const x2 = Array.from({ length: n }, (_, t) => 0.5 * x1[t] + 0.008 * normal());
  const x3 = Array.from({ length: n }, () => 0.002 * normal());
  const y = x1.map((v, t) => 0.0004 + 1.2 * v - 0.7 * x2[t] + 3 * x3[t] + 0.006 * normal());

  it("matches a naive normal-equation solve: coefficients, standard errors, R²", () => {
    const outcome = olsWithIntercept(Float64Array.from(y), [x1, x2, x3].map((x) => Float64Array.from(x)));
    if (outcome.kind !== "ok") throw new Error(outcome.kind);
    const naive = naiveOls(y, [x1, x2, x3]);
    expect(outcome.fit.intercept).toBeCloseTo(naive.coef[0], 12);
    expect(outcome.fit.interceptStdError).toBeCloseTo(naive.se[0], 12);
    Array.from(outcome.fit.betas).forEach((b, j) => {
      expect(b).toBeCloseTo(naive.coef[j + 1], 10);
      expect(outcome.fit.betaStdErrors[j]).toBeCloseTo(naive.se[j + 1], 10);
    });
    expect(outcome.fit.rSquared).toBeCloseTo(naive.rSquared, 12);
    expect(outcome.fit.residualStd).toBeCloseTo(Math.sqrt(naive.s2), 12);
    expect(outcome.fit.adjustedRSquared).toBeCloseTo(1 - ((1 - naive.rSquared) * (n - 1)) / (n - 4), 12);
    expect(outcome.fit.n).toBe(n);
  });

  it("recovers an exact linear relation with zero residual", () => {
    const exact = x1.map((v, t) => 0.001 + 2 * v - 3 * x3[t]);
    const outcome = olsWithIntercept(Float64Array.from(exact), [Float64Array.from(x1), Float64Array.from(x3)]);
    if (outcome.kind !== "ok") throw new Error(outcome.kind);
    expect(outcome.fit.intercept).toBeCloseTo(0.001, 12);
    expect(outcome.fit.betas[0]).toBeCloseTo(2, 10);
    expect(outcome.fit.betas[1]).toBeCloseTo(-3, 10);
    expect(outcome.fit.rSquared).toBeCloseTo(1, 12);
  });

  it("reports a singular design (a constant or duplicated regressor) instead of solving it", () => {
    const constant = new Float64Array(n).fill(0.01);
    expect(olsWithIntercept(Float64Array.from(y), [Float64Array.from(x1), constant]).kind).toBe("singular");
    expect(olsWithIntercept(Float64Array.from(y), [Float64Array.from(x1), Float64Array.from(x1)]).kind).toBe("singular");
  });

  it("needs more observations than coefficients plus two", () => {
    expect(olsWithIntercept(Float64Array.of(1, 2, 3, 4), [Float64Array.of(1, 3, 2, 5), Float64Array.of(0, 1, 0, 1)])).toEqual({ kind: "too_few_observations", needed: 5 });
  });
});
