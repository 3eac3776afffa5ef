import { describe, expect, it } from "vitest";
import { carveBytes, scratchFloat64Array, scratchUint8Array } from "./scratch-arrays.js";

describe("scratch arrays", () => {
  it("hands out zeroed, disjoint, 8-byte aligned ranges, across slab boundaries", () => {
    const arrays: Float64Array[] = [];
    // 400 arrays of 250 doubles span several 16 KB slabs.
    for (let i = 0; i < 400; i++) {
      const array = scratchFloat64Array(250 + (i % 3));
      expect(array.length).toBe(250 + (i % 3));
      expect(array.byteOffset % 8).toBe(0);
      expect(array.every((v) => v === 0)).toBe(true);
      array.fill(i + 1);
      arrays.push(array);
    }
    // No later array overlapped an earlier one: each still holds only its own fill value.
    arrays.forEach((array, i) => expect(array.every((v) => v === i + 1)).toBe(true));
    expect(new Set(arrays.map((a) => a.buffer)).size).toBeGreaterThan(1);
  });

  it("keeps odd byte lengths from misaligning the next range", () => {
    const bytes = scratchUint8Array(13);
    bytes.fill(255);
    const next = scratchFloat64Array(4);
    expect(next.byteOffset % 8).toBe(0);
    expect(Array.from(next)).toEqual([0, 0, 0, 0]);
    expect(Array.from(bytes).every((v) => v === 255)).toBe(true);
  });

  it("gives large requests a buffer of their own", () => {
    const [buffer, offset] = carveBytes(64 * 1024);
    expect(offset).toBe(0);
    expect(buffer.byteLength).toBe(64 * 1024);
    const [small] = carveBytes(64);
    expect(small).not.toBe(buffer);
  });
});
