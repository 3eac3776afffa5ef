import { describe, expect, it } from "vitest";
import { forwardReturn, simpleReturns } from "./returns.js";

describe("simpleReturns", () => {
  it("returns decimal changes bar to bar", () => {
    const returns = simpleReturns([100, 110, 99]);
    expect(returns).toHaveLength(2);
    expect(returns[0]).toBeCloseTo(0.1, 14);
    expect(returns[1]).toBeCloseTo(-0.1, 14);
  });

  it("marks returns touching a bad price as NaN only there", () => {
    const returns = simpleReturns([100, Number.NaN, 100, 0, 5, 10]);
    expect(Array.from(returns.slice(0, 4), Number.isNaN)).toEqual([true, true, false, true]);
    expect(returns[2]).toBe(-1);
    expect(returns[4]).toBe(1);
  });

  it("is empty for fewer than two prices", () => {
    expect(simpleReturns([5])).toHaveLength(0);
    expect(simpleReturns([])).toHaveLength(0);
  });
});

describe("forwardReturn", () => {
  it("measures from a bar to a later bar", () => {
    expect(forwardReturn([100, 90, 120], 0, 2)).toBeCloseTo(0.2, 14);
    expect(forwardReturn([100, 90, 120], 1, 1)).toBeCloseTo(1 / 3, 14);
  });

  it("is NaN past the end and rejects bad indices", () => {
    expect(forwardReturn([1, 2, 3], 2, 1)).toBeNaN();
    expect(() => forwardReturn([1, 2, 3], 3, 1)).toThrow(RangeError);
    expect(() => forwardReturn([1, 2, 3], 0, 0)).toThrow(RangeError);
  });
});
