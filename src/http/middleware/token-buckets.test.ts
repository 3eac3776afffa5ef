import { describe, expect, it } from "vitest";
import { TokenBuckets } from "./token-buckets.js";

describe("TokenBuckets", () => {
  it("allows a burst of perMinute, then refills one token every 60/perMinute seconds", () => {
    const buckets = new TokenBuckets(6);
    for (let i = 0; i < 6; i++) expect(buckets.take("a", 0).allowed).toBe(true);
    expect(buckets.take("a", 0)).toEqual({ allowed: false, retryAfterSeconds: 10 });
    expect(buckets.take("a", 4_000)).toEqual({ allowed: false, retryAfterSeconds: 6 });
    expect(buckets.take("a", 10_000).allowed).toBe(true);
    expect(buckets.take("a", 10_000).allowed).toBe(false);
    expect(buckets.take("b", 10_000).allowed).toBe(true);
  });

  it("stays bounded under a flood of distinct clients, dropping refilled buckets first", () => {
    const buckets = new TokenBuckets(60, 100);
    for (let i = 0; i < 1_000; i++) buckets.take(`client-${i}`, i);
    expect(buckets.size).toBeLessThanOrEqual(100);
    // Refilled buckets go first: a client still being limited keeps its (empty) bucket while idle ones are dropped.
    const small = new TokenBuckets(60, 10);
    for (let i = 0; i < 60; i++) small.take("hot", 0);
    for (let i = 0; i < 9; i++) small.take(`idle-${i}`, 0);
    expect(small.take("new", 2_000).allowed).toBe(true);
    expect(small.size).toBeLessThanOrEqual(2);
    // Two seconds refilled two tokens; a fresh bucket (had "hot" been dropped) would allow sixty.
    expect([1, 2, 3].map(() => small.take("hot", 2_000).allowed)).toEqual([true, true, false]);
  });
});
