import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROUTE_CATALOG, operationIdForPath } from "../../src/contracts/route-catalog.js";
import { SHARED_DIR, SHARED_PRESENT } from "../support/shared-paths.js";

/**
 * Reads one markdown table of a spec document, between the `from` and `to` markers: for each row with at least
 * `minCells` cells whose first column names routes, the price in column `priceCell` for each route named.
 */
function readPriceTable(prices: Map<string, string>, file: string, from: string, to: string, minCells: number, priceCell: number): void {
  const text = fs.readFileSync(path.join(SHARED_DIR, file), "utf8");
  for (const line of text.slice(text.indexOf(from), text.indexOf(to)).split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    if (cells.length < minCells || !cells[1].startsWith("/")) continue;
    for (const route of cells[1].split(",")) prices.set(route.trim(), cells[priceCell]);
  }
}

/** Prices as the spec's billing tables state them: core-api §4.8 and the companion-api route table. */
function specPrices(): Map<string, string> {
  const prices = new Map<string, string>();
  readPriceTable(prices, "spec/core-api.txt", "### 4.8", "The route /api/momentum/scan", 4, 2);
  readPriceTable(prices, "spec/companion-api.txt", "## 4. Endpoints", "## 5.", 7, 5);
  for (const free of ["/watch/status", "/watch/cancel", "/pattern_alert/status", "/pattern_alert/cancel"]) {
    prices.set(free, "free"); // core-api §4.6 marks these free in its own table
  }
  return prices;
}

describe.skipIf(!SHARED_PRESENT)("route catalog", () => {
  it("bills every route at the spec's billing-table price", () => {
    const prices = specPrices();
    expect(prices.size).toBeGreaterThan(60);
    for (const [route, specPrice] of prices) {
      const entry = ROUTE_CATALOG.find((r) => r.path === route);
      expect(entry, `${route} missing from the catalog`).toBeDefined();
      if (specPrice === "free") expect(entry!.price, route).toEqual({ kind: "free" });
      else if (specPrice === "dynamic") expect(entry!.price.kind, route).toBe("dynamic");
      else expect(entry!.price, route).toEqual({ kind: "fixed", usd: Number(specPrice) });
    }
  });

  it("has unique paths and snake_case operationIds derived from them", () => {
    const ids = ROUTE_CATALOG.map((r) => r.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(ROUTE_CATALOG.map((r) => r.path)).size).toBe(ROUTE_CATALOG.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(_[a-z0-9]+)*$/);
    expect(operationIdForPath("/api/demand/crawl-to-refer")).toBe("api_demand_crawl_to_refer");
    expect(operationIdForPath("/.well-known/x402")).toBe("well_known_x402");
    expect(operationIdForPath("/trading/signals/history")).toBe("trading_signals_history");
  });
});
