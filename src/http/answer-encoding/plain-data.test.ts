import { describe, expect, it } from "vitest";
import { plainDataLeaves } from "./plain-data.js";

describe("plainDataLeaves", () => {
  it("counts the primitive leaves of plain JSON data", () => {
    expect(plainDataLeaves(1)).toBe(1);
    expect(plainDataLeaves(null)).toBe(1);
    expect(plainDataLeaves({ a: [1, 2, "x"], b: { c: true, d: null, e: undefined }, f: [] })).toBe(6);
    expect(plainDataLeaves(Object.assign(Object.create(null) as object, { a: 1, b: [2, 3] }))).toBe(3);
  });

  it("says -1 for anything JSON.stringify could turn into different text after a structured clone", () => {
    class Point {
      constructor(readonly x: number) {}
    }
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const value of [
      { when: new Date(0) },
      { values: new Float64Array(3) },
      [new Point(1)],
      { toJSON: () => "x" },
      { n: 1n },
      { f: () => 1 },
      { m: new Map() },
      cyclic,
      [Symbol("s")],
    ]) {
      expect(plainDataLeaves(value)).toBe(-1);
    }
  });

  it("refuses more than 64 arrays or objects nested in one another", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 64; i++) deep = [deep];
    expect(plainDataLeaves(deep)).toBe(1);
    expect(plainDataLeaves({ deep })).toBe(-1);
  });
});
