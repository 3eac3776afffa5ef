import { describe, expect, it } from "vitest";
import { naiveStudentTCdf } from "../../test/reference/naive-student-t.js";
import { logGamma, studentTCdf, studentTQuantile, studentTTwoSidedP } from "./student-t.js";

describe("Student's t distribution", () => {
  it("gives the textbook 95% and 97.5% quantiles", () => {
    const table: [number, number, number][] = [
      [0.95, 1, 6.313752],
      [0.95, 2, 2.919986],
      [0.95, 4, 2.131847],
      [0.95, 9, 1.833113],
      [0.95, 29, 1.699127],
      [0.975, 10, 2.228139],
      [0.975, 120, 1.97993],
    ];
    for (const [p, df, q] of table) expect(studentTQuantile(p, df)).toBeCloseTo(q, 5);
    expect(studentTQuantile(0.05, 3)).toBeCloseTo(-2.353363, 5);
    expect(studentTQuantile(0.5, 7)).toBe(0);
  });

  it("agrees with the density integrated numerically, for integer and fractional degrees of freedom", () => {
    for (const df of [1, 2.5, 3, 7.3, 30, 200]) {
      for (const t of [-4, -1.5, -0.2, 0, 0.7, 2, 6]) expect(studentTCdf(t, df)).toBeCloseTo(naiveStudentTCdf(t, df), 8);
      expect(naiveStudentTCdf(studentTQuantile(0.9, df), df)).toBeCloseTo(0.9, 8);
    }
  });

  it("gives two-sided p-values that match the distribution function", () => {
    for (const [t, df] of [[2.46, 2], [-1.87, 6], [0.1, 40]] as const) {
      expect(studentTTwoSidedP(t, df)).toBeCloseTo(2 * (1 - studentTCdf(Math.abs(t), df)), 12);
    }
    expect(studentTTwoSidedP(0, 5)).toBe(1);
  });

  it("computes ln Γ at half-integers and integers", () => {
    expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(logGamma(10)).toBeCloseTo(Math.log(362880), 11);
    expect(logGamma(1)).toBeCloseTo(0, 13);
  });

  it("refuses degrees of freedom that are not positive and probabilities outside (0, 1)", () => {
    expect(() => studentTCdf(1, 0)).toThrow(RangeError);
    expect(() => studentTQuantile(1, 3)).toThrow(RangeError);
    expect(() => studentTQuantile(0.9, -1)).toThrow(RangeError);
  });
});
