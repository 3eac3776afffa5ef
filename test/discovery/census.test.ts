import { describe, expect, it } from "vitest";
import { buildCensus, type IndexSnapshotView } from "../../src/services/discovery/census-report.js";
import type { MirroredResource } from "../../src/services/discovery/mirrored-resource.js";
import { paidRoutes } from "../support/paid-routes.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

const listing = (index: "cdp" | "x402scan", origin: string, path: string, price: number | null): MirroredResource => ({
  index,
  origin,
  path,
  resource: `${origin}${path}`,
  description: null,
  method: "GET",
  price_usd: price,
  network: "eip155:8453",
  testnet: false,
  asset: null,
  pay_to: null,
  last_updated: "2026-01-01T00:00:00.000Z",
  x402_version: 1,
  traction: null,
  tags: [],
  input_schema: null,
});

const view = (index: "cdp" | "x402scan", resources: MirroredResource[]): IndexSnapshotView => ({
  freshness: { index, mirrored: true, crawledAtMs: Date.parse("2026-01-10T00:00:00Z"), resources: resources.length, partial: false, source: `${index} listing`, note: null },
  resources,
});

describe("census over two mirrored indexes", () => {
  it("counts overlap, single-index origins and price disagreements", () => {
    const census = buildCensus(
      [
        view("cdp", [listing("cdp", "https://both.example", "/a", 0.01), listing("cdp", "https://both.example", "/b", 0.02), listing("cdp", "https://cdp-only.example", "/x", 0.5)]),
        view("x402scan", [listing("x402scan", "https://both.example", "/a", 0.01), listing("x402scan", "https://both.example", "/b", 0.05), listing("x402scan", "https://scan-only.example", "/y", null), listing("x402scan", "https://scan-only2.example", "/z", 1)]),
      ],
      "https://us.example",
    );
    expect(census.origins_listed).toBe(4);
    expect(census.resources_listed).toBe(5);
    expect(census.headline).toMatchObject({ listed_in_both_indexes: 1, listed_in_only_one: 3, pct_single_indexed: 75 });
    expect(census.single_index_breakdown).toEqual([
      { only_in: "cdp", origins: 1 },
      { only_in: "x402scan", origins: 2 },
    ]);
    expect(census.price_disagreements.count).toBe(1);
    expect(census.price_disagreements.examples).toEqual([{ origin: "https://both.example", path: "/b", cdp: 0.02, x402scan: 0.05 }]);
    expect(census.median_price_usd_by_index).toEqual({ cdp: 0.02, x402scan: 0.05 });
    expect(census.largest_catalogues[0]).toEqual({ origin: "https://both.example", resources: 2, indexes: ["cdp", "x402scan"], single_index: false });
    expect(census.largest_catalogues.find((c) => c.origin === "https://scan-only.example")?.single_index).toBe(true);
    expect(census.mirror_freshness).toEqual({ cdp: "2026-01-10T00:00:00.000Z", x402scan: "2026-01-10T00:00:00.000Z" });
  });
});

describe("census over one mirrored index", () => {
  it("counts over what is mirrored, names the missing index, and types every figure as the spec does", () => {
    const census = buildCensus(
      [view("cdp", [listing("cdp", "https://a.example", "/a", 0.01), listing("cdp", "https://a.example", "/b", 0.03), listing("cdp", "https://b.example", "/x", null)])],
      "https://us.example",
    );
    expect(census.indexes_mirrored).toEqual(["cdp"]);
    expect(census.indexes_missing).toEqual(["x402scan"]);
    expect(census.headline).toMatchObject({ listed_in_both_indexes: 0, listed_in_only_one: 2, pct_single_indexed: 100 });
    expect(census.headline.read).toMatch(/^Measured over cdp only: x402scan is missing \(not mirrored\).*upper bound on single-indexing, and 0 a lower bound on the overlap\.$/);
    expect(census.single_index_breakdown).toEqual([{ only_in: "cdp", origins: 2 }]);
    expect(census.price_disagreements).toMatchObject({ count: 0, examples: [] });
    expect(census.price_disagreements.read).toMatch(/x402scan is missing/);
    expect(census.median_price_usd_by_index).toEqual({ cdp: 0.02 });
    expect(census.largest_catalogues.map((c) => [c.origin, c.single_index])).toEqual([["https://a.example", true], ["https://b.example", true]]);
    expect(census.mirror_freshness).toEqual({ cdp: "2026-01-10T00:00:00.000Z" });
  });
});

describe.skipIf(!SHARED_PRESENT)("/api/census on the recorded CDP crawl (x402scan not mirrored)", () => {
  const harness = paidRoutes();

  it("is paid, counts over the CDP mirror with the spec's types, and says x402scan is missing instead of null", async () => {
    const unpaid = await harness.service().app.request("/api/census");
    expect(unpaid.status).toBe(402);
    const { status, body } = await harness.call("/api/census");
    expect(status).toBe(200);
    expect(body.indexes_mirrored).toEqual(["cdp"]);
    expect(body.indexes_missing).toEqual(["x402scan"]);
    expect(body.origins_listed).toBeGreaterThan(300);
    expect(body.resources_listed).toBe(1398);
    expect(body.headline).toMatchObject({ listed_in_both_indexes: 0, listed_in_only_one: body.origins_listed, pct_single_indexed: 100 });
    for (const field of ["listed_in_both_indexes", "listed_in_only_one"]) expect(Number.isInteger(body.headline[field])).toBe(true);
    expect(body.headline.read).toMatch(/x402scan is missing/);
    expect(body.single_index_breakdown).toEqual([{ only_in: "cdp", origins: body.origins_listed }]);
    expect(body.price_disagreements.count).toBe(0);
    expect(body.largest_catalogues.every((c: { single_index: unknown }) => c.single_index === true)).toBe(true);
    expect(typeof body.median_price_usd_by_index.cdp).toBe("number");
    expect(body.median_price_usd_by_index).not.toHaveProperty("x402scan");
    expect(body.mirror_freshness).toEqual({ cdp: "2025-12-31T00:34:27.045Z" });
    expect(body.your_row).toContain("GET /api/probe?origin=http://precedent.test");
    expect(body.method).toMatch(/x402scan not mirrored .*indexes_missing names it/);
  });
});
