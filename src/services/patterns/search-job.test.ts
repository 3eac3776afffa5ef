import { describe, expect, it } from "vitest";
import { searchInput } from "./search-job.js";

describe("searchInput", () => {
  const series = (ticker: string) => ({ ticker, timeframe: "1d", closes: new Float64Array([1, 2, 3]), breakBefore: new Uint8Array(3) });

  it("keys a history by what it is, not by how the caller spelled it", () => {
    expect(searchInput(series("xyz:GOLD")).cacheKey).toBe("GC=F|1d");
    expect(searchInput(series("GC=F")).cacheKey).toBe("GC=F|1d");
    expect(searchInput(series("BTC")).cacheKey).toBe("BTC-USD|1d");
    expect(searchInput(series("gold")).cacheKey).toBe(searchInput(series("GOLD")).cacheKey);
    // GOLD is Barrick Gold's stock, not the gold future: another history (offline it has no file at all).
    expect(searchInput(series("GOLD")).cacheKey).not.toBe(searchInput(series("GC=F")).cacheKey);
    expect(searchInput(series("AAPL")).cacheKey).not.toBe(searchInput(series("MSFT")).cacheKey);
  });

  it("keeps timeframes apart", () => {
    expect(searchInput({ ...series("AAPL"), timeframe: "1h" }).cacheKey).not.toBe(searchInput(series("AAPL")).cacheKey);
  });
});
