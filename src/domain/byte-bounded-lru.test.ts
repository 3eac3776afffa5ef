import { expect, it } from "vitest";
import { ByteBoundedLru } from "./byte-bounded-lru.js";

it("drops the least recently used past its byte bound, keeps the newest even alone over it, and counts bytes", () => {
  const lru = new ByteBoundedLru<string, number>(10);
  lru.set("a", 1, 4);
  lru.set("b", 2, 4);
  expect(lru.get("a")).toBe(1); // a is now the most recent
  lru.set("c", 3, 4); // 12 > 10: b goes
  expect([lru.has("a"), lru.has("b"), lru.has("c")]).toEqual([true, false, true]);
  expect(lru.held).toEqual({ entries: 2, bytes: 8 });
  lru.set("a", 5, 2); // replacing re-weighs
  expect(lru.held).toEqual({ entries: 2, bytes: 6 });
  lru.set("huge", 9, 50);
  expect(lru.held).toEqual({ entries: 1, bytes: 50 });
  expect(lru.get("huge")).toBe(9);
  expect(lru.delete("huge")).toBe(true);
  expect(lru.held).toEqual({ entries: 0, bytes: 0 });
});

it("admit() evicts only unpinned entries, and stores nothing when the pinned ones leave no room", () => {
  const lru = new ByteBoundedLru<string, number>(10);
  lru.set("old", 0, 4);
  const pass = new Set<string>();
  for (const [key, value] of [["a", 1], ["b", 2], ["c", 3]] as const) {
    expect(lru.admit(key, value, 4, pass) || lru.has(key)).toBe(key !== "c");
    pass.add(key);
  }
  // "old" made room for "b"; "c" would have needed a pinned entry to go, so it was not stored and nothing went.
  expect([lru.has("old"), lru.has("a"), lru.has("b"), lru.has("c")]).toEqual([false, true, true, false]);
  expect(lru.held).toEqual({ entries: 2, bytes: 8 });
  // A repeated pass finds the same two held (plain set() would have evicted "a" for "c", then "b" for "a" ...).
  expect(lru.admit("c", 3, 4, new Set(["a", "b"]))).toBe(false);
  // A pass that has used only "b" so far may take the room of "a", its least recently used.
  expect(lru.admit("c", 3, 4, new Set(["b"]))).toBe(true);
  expect([lru.has("a"), lru.has("b"), lru.has("c")]).toEqual([false, true, true]);
  // Re-admitting a held key re-weighs it; a value over the whole bound is never admitted.
  expect(lru.admit("c", 3, 6, new Set(["b"]))).toBe(true);
  expect(lru.held).toEqual({ entries: 2, bytes: 10 });
  expect(lru.admit("huge", 9, 11, new Set())).toBe(false);
  expect(lru.held).toEqual({ entries: 2, bytes: 10 });
});
