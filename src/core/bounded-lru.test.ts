import { describe, expect, it } from "vitest";
import { BoundedLru } from "./bounded-lru.js";

const ALL = ["a", "b", "c", "d", "e"];

/** A map of `capacity` holding `keys`, set in that order, each to its position. */
function lruOf(capacity: number, ...keys: string[]): BoundedLru<string, number> {
  const lru = new BoundedLru<string, number>(capacity);
  keys.forEach((key, i) => lru.set(key, i));
  return lru;
}

/** The keys held, in the order of ALL (peek, so looking does not reorder). */
const held = (lru: BoundedLru<string, number>) => ALL.filter((key) => lru.peek(key) !== undefined);

describe("BoundedLru", () => {
  it("never holds more than its capacity, dropping the oldest first", () => {
    const lru = new BoundedLru<string, number>(3);
    for (const key of ALL) {
      lru.set(key, 0);
      expect(lru.size).toBeLessThanOrEqual(3);
    }
    expect(held(lru)).toEqual(["c", "d", "e"]);
  });

  it("get marks a key as used, so the next eviction passes it over; peek does not", () => {
    const used = lruOf(2, "a", "b");
    expect(used.get("a")).toBe(0);
    used.set("c", 2);
    expect(held(used)).toEqual(["a", "c"]);

    const looked = lruOf(2, "a", "b");
    expect(looked.peek("a")).toBe(0);
    looked.set("c", 2);
    expect(held(looked)).toEqual(["b", "c"]);
  });

  it("re-setting a key replaces its value and makes it the most recent, without growing", () => {
    const lru = lruOf(2, "a", "b");
    lru.set("a", 10);
    expect(lru.size).toBe(2);
    lru.set("c", 2);
    expect(held(lru)).toEqual(["a", "c"]);
    expect(lru.peek("a")).toBe(10);
  });

  it("misses answer undefined and change nothing; delete and clear remove", () => {
    const lru = lruOf(2, "a");
    expect(lru.get("z")).toBeUndefined();
    expect(lru.size).toBe(1);
    expect(lru.delete("a")).toBe(true);
    expect(lru.delete("a")).toBe(false);
    lru.set("b", 1);
    lru.clear();
    expect(lru.size).toBe(0);
  });

  it("refuses a capacity that is not a positive integer", () => {
    expect(() => new BoundedLru(0)).toThrow(RangeError);
    expect(() => new BoundedLru(1.5)).toThrow(RangeError);
  });
});
