import { describe, expect, it } from "vitest";
import {
  addDays,
  coveringRange,
  formatReturn,
  formatUsdc,
  forwardPath,
  histogram,
  pathBand,
  percentile,
  rebased,
} from "../../web/src/analysis.js";

const bar = (date: string, close: number) => ({ date, open: close, high: close, low: close, close });

describe("the page's arithmetic (web/src/analysis.ts)", () => {
  it("rebases a window to its first close", () => {
    expect(rebased([100, 110, 90])).toEqual([0, 0.10000000000000009, -0.09999999999999998]);
  });

  it("follows an analog over calendar days, each day the last close at or before it, shorter at the end of history", () => {
    // Friday, Monday, Tuesday: the weekend days carry Friday's close, as the API measures an outcome over h days.
    const history = [bar("2024-01-04", 10), bar("2024-01-05", 20), bar("2024-01-08", 30), bar("2024-01-09", 10)];
    expect(forwardPath(history, "2024-01-05", 3)).toEqual([0, 0, 0, 0.5]);
    expect(forwardPath(history, "2024-01-05", 30)).toEqual([0, 0, 0, 0.5, -0.5]);
    expect(forwardPath(history, "2023-12-29", 2)).toEqual([]);
  });

  it("computes type-7 percentiles as numpy does", () => {
    const sorted = [1, 2, 3, 4, 10];
    expect(percentile(sorted, 0.5)).toBe(3);
    expect(percentile(sorted, 0.1)).toBeCloseTo(1.4, 12);
    expect(percentile(sorted, 0.9)).toBeCloseTo(7.6, 12);
    expect(percentile([5], 0.9)).toBe(5);
  });

  it("bands paths step by step while at least two paths reach the step", () => {
    const band = pathBand([[0, 0.1, 0.2], [0, -0.1], [0, 0.3, 0.4, 0.5]]);
    expect(band.map((b) => b.n)).toEqual([3, 3, 2]);
    expect(band[1]).toMatchObject({ step: 1, p50: 0.1 });
    expect(band[1].p10).toBeCloseTo(-0.06, 12);
    expect(band[1].p90).toBeCloseTo(0.26, 12);
  });

  it("puts every value into exactly one histogram bin, the largest into the last", () => {
    const bins = histogram([-1, -0.5, 0, 0.25, 0.5, 1, 2, 3, 3]);
    expect(bins.map((b) => [b.from, b.to, b.count])).toEqual([[-1, 0, 2], [0, 1, 3], [1, 2, 1], [2, 3, 3]]);
    expect(histogram([0.01, 0.01]).reduce((n, b) => n + b.count, 0)).toBe(2);
    expect(histogram([])).toEqual([]);
  });

  it("covers every window with padding for one history request", () => {
    expect(addDays("2024-02-28", 2)).toBe("2024-03-01");
    expect(coveringRange([{ first: "2020-05-01", last: "2020-05-20" }, { first: "2010-01-04", last: "2010-01-29" }], 60)).toEqual({
      start: "2009-11-05",
      end: "2020-07-19",
    });
  });

  it("formats returns and USDC amounts", () => {
    expect(formatReturn(0.0123)).toBe("+1.23%");
    expect(formatReturn(-0.5)).toBe("-50.00%");
    expect(formatReturn(null)).toBe("—");
    expect(formatUsdc("50000")).toBe("$0.05");
    expect(formatUsdc("5000")).toBe("$0.005");
    expect(formatUsdc(1_000_000n)).toBe("$1.00");
    expect(formatUsdc(105_000n)).toBe("$0.105");
    expect(formatUsdc(100_000n)).toBe("$0.10");
  });
});
