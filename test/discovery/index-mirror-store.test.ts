import { expect, it } from "vitest";
import type { MirroredResource } from "../../src/services/discovery/mirrored-resource.js";
import { IndexMirror } from "../../src/storage/repos/index-mirror.js";
import { RouterEvents } from "../../src/storage/repos/router-events.js";
import { describeOnEachDatabase, emptiedBeforeEach } from "../support/test-databases.js";

const listing = (index: "cdp" | "x402scan", origin: string, path: string, price: number | null): MirroredResource => ({
  index,
  origin,
  path,
  resource: `${origin}${path}`,
  description: `${path} of ${origin}`,
  method: "GET",
  price_usd: price,
  network: "eip155:8453",
  testnet: false,
  asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  pay_to: "0x000000000000000000000000000000000000dEaD",
  last_updated: "2025-12-01T00:00:00.000Z",
  x402_version: 2,
  traction: { calls_30d: 5, unique_payers_30d: 2, last_called_at: null, tool_calls: null },
  tags: ["t"],
  input_schema: { type: "http", method: "GET" },
});

describeOnEachDatabase("index mirror and router events", (open) => {
  const fresh = emptiedBeforeEach(open);
  it("keeps snapshots by crawl time, reads the latest, and replaces a re-imported crawl", async () => {
    const mirror = new IndexMirror(fresh().db);
    expect(await mirror.freshness()).toEqual([
      { index: "cdp", mirrored: false, crawledAtMs: null, resources: 0, partial: false, source: null, note: null },
      { index: "x402scan", mirrored: false, crawledAtMs: null, resources: 0, partial: false, source: null, note: null },
    ]);
    const older = [listing("cdp", "https://a.example", "/old", 0.01)];
    const newer = Array.from({ length: 450 }, (_, i) => listing("cdp", i % 2 === 0 ? "https://a.example" : "https://b.example", `/r${i}`, i / 1000));
    await mirror.saveSnapshot({ index: "cdp", crawledAtMs: 1_000, source: "s1", partial: false, resources: older });
    await mirror.saveSnapshot({ index: "cdp", crawledAtMs: 2_000, source: "s2", partial: true, note: "page cap", resources: newer });
    await mirror.saveSnapshot({ index: "cdp", crawledAtMs: 2_000, source: "s2", partial: true, note: "page cap", resources: newer });
    const latest = await mirror.latestResources("cdp");
    expect(latest).toEqual(newer);
    expect((await mirror.freshness())[0]).toEqual({ index: "cdp", mirrored: true, crawledAtMs: 2_000, resources: 450, partial: true, source: "s2", note: "page cap" });
    const forB = await mirror.listingsForOrigin("https://b.example");
    expect(forB.cdp).toHaveLength(225);
    expect(forB.x402scan).toBeNull();
    expect((await mirror.listingsForOrigin("https://nobody.example")).cdp).toEqual([]);
    expect(await mirror.prune("cdp", 1)).toBe(1);
    expect(await mirror.latestResources("cdp")).toHaveLength(450);
    expect(await mirror.latestResources("x402scan")).toEqual([]);
  });

  it("stores router events with the client key and reads them back by time and origin", async () => {
    const events = new RouterEvents(fresh().db);
    await events.record({ kind: "need", atMs: 10, clientKey: "k1", need: "weather", resultsFound: 4 });
    await events.record({ kind: "click", atMs: 20, clientKey: "k1", need: "weather", origin: "https://a.example", path: "/w" });
    const id = await events.record({ kind: "outcome", atMs: 30, clientKey: "k2", need: "weather", origin: "https://a.example", path: "/w", helped: false, paidUsd: 0.25, note: null });
    expect((await events.routerEvents(0)).map((e) => e.kind)).toEqual(["need", "click", "outcome"]);
    expect(await events.routerEvents(25)).toEqual([
      { id, kind: "outcome", atMs: 30, clientKey: "k2", need: "weather", origin: "https://a.example", path: "/w", helped: false, paidUsd: 0.25, note: null },
    ]);
    expect(await events.outcomesFor("https://a.example", 0)).toHaveLength(1);
    expect(await events.outcomesFor("https://b.example", 0)).toEqual([]);
    expect(await events.purgeOlderThan(15)).toBe(1);
    expect(await events.routerEvents(0)).toHaveLength(2);
  });
});
