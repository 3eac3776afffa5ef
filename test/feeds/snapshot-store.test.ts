import { beforeEach, expect, it } from "vitest";
import { AppError } from "../../src/domain/app-error.js";
import { SnapshotCache, type FeedPolicy } from "../../src/services/feeds/snapshot-cache.js";
import { FeedSnapshots } from "../../src/storage/repos/feed-snapshots.js";
import { appError } from "../support/caught-app-error.js";
import { FakeClock } from "../support/fake-clock.js";
import { describeOnEachDatabase, emptiedBeforeEach } from "../support/test-databases.js";

const T0 = Date.parse("2026-08-10T12:00:00Z");
const POLICY: FeedPolicy = { source: "test-feed", label: "Test feed", ttlMs: 30 * 60_000 };
const down = () => new AppError("UPSTREAM_UNAVAILABLE", "Test feed unavailable after 1 attempt(s): HTTP 502 (x/y)", { retryAfterSeconds: 42 });

describeOnEachDatabase("feed snapshot store", (open) => {
  let clock: FakeClock;
  let cache: SnapshotCache;
  let warnings: Array<Record<string, unknown>>;
  const emptied = emptiedBeforeEach(open);
  beforeEach(() => {
    const database = emptied();
    clock = new FakeClock(T0);
    warnings = [];
    cache = new SnapshotCache(new FeedSnapshots(database.db), clock, { warn: (fields) => warnings.push(fields) });
  });

  it("stores the upstream answer with its fetch time and reuses it inside the TTL without asking again", async () => {
    let calls = 0;
    const fetch = async () => ({ score: 40 + ++calls });
    const first = await cache.get(POLICY, "k", fetch);
    expect(first).toEqual({ value: { score: 41 }, fetchedAtMs: T0, cached: false, stale: false });
    clock.advance(29 * 60_000);
    const second = await cache.get(POLICY, "k", fetch);
    expect(second).toEqual({ value: { score: 41 }, fetchedAtMs: T0, cached: true, stale: false });
    expect(calls).toBe(1);
    clock.advance(2 * 60_000);
    const third = await cache.get(POLICY, "k", fetch);
    expect(third).toEqual({ value: { score: 42 }, fetchedAtMs: T0 + 31 * 60_000, cached: false, stale: false });
    expect(calls).toBe(2);
    expect(warnings).toEqual([]);
  });

  it("serves the last snapshot, flagged cached with its real fetch time, when the upstream fails", async () => {
    await cache.get(POLICY, "k", async () => ({ score: 10 }));
    clock.advance(3 * 86_400_000);
    const served = await cache.get(POLICY, "k", async () => {
      throw down();
    });
    expect(served).toEqual({ value: { score: 10 }, fetchedAtMs: T0, cached: true, stale: true });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ source: "test-feed", key: "k", status: "502" });
    expect(typeof warnings[0]!.duration_ms).toBe("number");
  });

  it("answers 503 with Retry-After and what to do when nothing is stored", async () => {
    const error = await appError(
      cache.get(POLICY, "other", async () => {
        throw down();
      }),
    );
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.retryAfterSeconds).toBe(42);
    expect(error.message).toMatch(/no earlier snapshot/i);
    expect(error.message).toMatch(/npm run snapshots:import/);
  });

  it("passes caller mistakes through untouched and stores nothing for them", async () => {
    const error = await appError(
      cache.get(POLICY, "bad", async () => {
        throw new AppError("UNKNOWN_TICKER", "nope");
      }),
    );
    expect(error.code).toBe("UNKNOWN_TICKER");
    expect(await cache.latest(POLICY.source, "bad")).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it("keeps every fetch as history, keyed by source and key", async () => {
    await cache.record("s", "US", T0, ["a"]);
    await cache.record("s", "GB", T0 + 1000, ["b"]);
    await cache.record("s", "US", T0 + 2000, ["c"]);
    await cache.record("s", "US", T0 + 2000, ["c2"]); // same fetch time: the later write wins
    await cache.record("other", "US", T0 + 500, ["x"]);
    const rows = await cache.history<string[]>("s", T0, T0 + 2001);
    expect(rows).toEqual([
      { key: "US", fetchedAtMs: T0, value: ["a"] },
      { key: "GB", fetchedAtMs: T0 + 1000, value: ["b"] },
      { key: "US", fetchedAtMs: T0 + 2000, value: ["c2"] },
    ]);
    expect((await cache.latest("s", "US"))?.value).toEqual(["c2"]);
  });

  it("finds the snapshots whose stored JSON contains a string verbatim, treating LIKE wildcards as text", async () => {
    await cache.record("cal", "2024-08-01", T0, [{ symbol: "AAPL" }, { symbol: "MSFT" }]);
    await cache.record("cal", "2024-08-02", T0 + 1000, [{ symbol: "AAPLX" }]);
    await cache.record("cal", "2024-08-05", T0 + 2000, [{ symbol: "A_PL%" }]);
    await cache.record("other", "2024-08-01", T0, [{ symbol: "AAPL" }]);
    const keys = async (needle: string) => (await cache.containing("cal", needle)).map((r) => r.key);
    expect(await keys('"symbol":"AAPL"')).toEqual(["2024-08-01"]);
    expect(await keys('"symbol":"A_PL%"')).toEqual(["2024-08-05"]);
    // `_` and `%` must not match as wildcards: "AAPL" is not "A_PL".
    expect(await keys('"symbol":"A_PL')).toEqual(["2024-08-05"]);
    expect(await keys('"symbol":"NVDA"')).toEqual([]);
  });

  it("shares one upstream request between identical concurrent misses", async () => {
    let calls = 0;
    const fetch = async () => {
      calls += 1;
      await new Promise((r) => setTimeout(r, 20));
      return { n: calls };
    };
    const [a, b] = await Promise.all([cache.get(POLICY, "k", fetch), cache.get(POLICY, "k", fetch)]);
    expect(calls).toBe(1);
    expect(a.value).toEqual(b.value);
  });
});
