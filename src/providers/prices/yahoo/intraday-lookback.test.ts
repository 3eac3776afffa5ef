import { describe, expect, it } from "vitest";
import { assertWithinYahooLookback } from "./intraday-lookback.js";

const DAY_MS = 86_400_000;
const NOW_MS = Date.parse("2025-02-16T12:00:00Z");

describe("assertWithinYahooLookback", () => {
  it("accepts starts up to exactly the limit and daily bars from any date", () => {
    expect(() => assertWithinYahooLookback("15m", NOW_MS - 60 * DAY_MS, NOW_MS)).not.toThrow();
    expect(() => assertWithinYahooLookback("1h", NOW_MS - 730 * DAY_MS, NOW_MS)).not.toThrow();
    expect(() => assertWithinYahooLookback("1d", 0, NOW_MS)).not.toThrow();
  });

  it("refuses a start one millisecond past the limit", () => {
    expect(() => assertWithinYahooLookback("30m", NOW_MS - 60 * DAY_MS - 1, NOW_MS)).toThrow(/60 days/);
  });
});
