import { describe, expect, it } from "vitest";
import { BoundedLru } from "./bounded-lru.js";

const keysOf = (lru: BoundedLru<string, number>, candidates: string[]) => candidates.filter((k) => lru.peek(k) !== undefined);

describe("BoundedLru", () => {
  it("never holds more than its capacity, dropping the oldest first", () => {
    const lru = new BoundedLru<string, number>(3);
    for (const [i, key] of ["a", "b", "c", "d", "e"].entries()) {
      lru.set(key, i);
      expect(lru.size).toBeLessThanOrEqual(3);
    }
    expect(keysOf(lru, ["a", "b", "c", "d", "e"])).toEqual(["c", "d", "e"]);
  });

  it("get marks a key as used, so the next eviction passes it over", () => {
    const lru = new BoundedLru<string, number>(2);
    lru.set("a", 1);
    lru.set("b", 2);
    expect(lru.get("a")).toBe(1);
    lru.set("c", 3);
    expect(keysOf(lru, ["a", "b", "c"])).toEqual(["a", "c"]);
  });

  it("peek leaves the order alone", () => {
    const lru = new BoundedLru<string, number>(2);
    lru.set("a", 1);
    lru.set("b", 2);
    expect(lru.peek("a")).toBe(1);
    lru.set("c", 3);
    expect(keysOf(lru, ["a", "b", "c"])).toEqual(["b", "c"]);
  });

  it("re-setting a key replaces its value and makes it the most recent, without growing", () => {
    const lru = new BoundedLru<string, number>(2);
    lru.set("a", 1);
    lru.set("b", 2);
    lru.set("a", 10);
    expect(lru.size).toBe(2);
    lru.set("c", 3);
    expect(keysOf(lru, ["a", "b", "c"])).toEqual(["a", "c"]);
    expect(lru.peek("a")).toBe(10);
  });

  it("misses answer undefined and change nothing; delete and clear remove", () => {
    const lru = new BoundedLru<string, number>(2);
    lru.set("a", 1);
    expect(lru.get("z")).toBeUndefined();
    expect(lru.size).toBe(1);
    expect(lru.delete("a")).toBe(true);
    expect(lru.delete("a")).toBe(false);
    lru.set("b", 2);
    lru.clear();
    expect(lru.size).toBe(0);
  });

  it("refuses a capacity that is not a positive integer", () => {
    expect(() => new BoundedLru(0)).toThrow(RangeError);
    expect(() => new BoundedLru(1.5)).toThrow(RangeError);
  });
});
