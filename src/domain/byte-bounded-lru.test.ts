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
