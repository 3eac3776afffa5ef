import { describe, expect, it } from "vitest";
import { mapToFloat64 } from "./typed-arrays.js";

describe("mapToFloat64", () => {
  it("gives what Float64Array.from(source, map) gives, for typed and plain sources, with the index", () => {
    const typed = Int32Array.from([4, 0, 2, 7]);
    const values = Float64Array.from([0.5, -1, 3.25, 1e-300, 8, NaN, 0, -0]);
    expect(mapToFloat64(typed, (i) => values[i])).toEqual(Float64Array.from(typed, (i) => values[i]));
    expect(mapToFloat64([1, 2, 3], (v, i) => v * 10 + i)).toEqual(Float64Array.from([1, 2, 3], (v, i) => v * 10 + i));
    expect(mapToFloat64(new Float64Array(0), () => 1)).toEqual(new Float64Array(0));
  });
});
