import { describe, expect, it } from "vitest";
import { historyKey } from "./search-job.js";

describe("historyKey", () => {
  const series = (ticker: string) => ({ ticker, timeframe: "1d" });

  it("keys a history by what it is, not by how the caller spelled it", () => {
    expect(historyKey(series("xyz:GOLD"))).toBe("GC=F|1d");
    expect(historyKey(series("GC=F"))).toBe("GC=F|1d");
    expect(historyKey(series("BTC"))).toBe("BTC-USD|1d");
    expect(historyKey(series("gold"))).toBe(historyKey(series("GOLD")));
    // GOLD is Barrick Gold's stock, not the gold future: another history (offline it has no file at all).
    expect(historyKey(series("GOLD"))).not.toBe(historyKey(series("GC=F")));
    expect(historyKey(series("AAPL"))).not.toBe(historyKey(series("MSFT")));
  });

  it("keeps timeframes apart", () => {
    expect(historyKey({ ...series("AAPL"), timeframe: "1h" })).not.toBe(historyKey(series("AAPL")));
  });
});
