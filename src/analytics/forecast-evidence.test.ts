import { describe, expect, it } from "vitest";
import { unconditionalBaseline } from "./forecast-evidence.js";
import { toPriceSeries } from "./price-series.js";

const DAY_MS = 86_400_000;

describe("unconditionalBaseline", () => {
  const bars = Array.from({ length: 400 }, (_, i) => {
    const close = 100 + 10 * Math.sin(i / 9) + i / 20;
    return { tsMs: Date.UTC(2020, 0, 1) + i * DAY_MS, open: close, high: close, low: close, close, volume: null };
  });

  it("answers a repeated question from its memo with equal figures, as a copy no caller can alter", () => {
    const series = toPriceSeries("TEST", "1d", bars);
    const first = unconditionalBaseline(series, 30);
    first.mean = 123;
    const again = unconditionalBaseline(series, 30);
    expect(again.mean).not.toBe(123);
    // The same figures as a fresh series (no memo yet) and as a direct recomputation by hand.
    expect(again).toEqual(unconditionalBaseline(toPriceSeries("TEST", "1d", bars), 30));
    const returns = bars.slice(0, 370).map((b, t) => bars[t + 30].close / b.close - 1);
    expect(again.n).toBe(370);
    expect(again.mean).toBeCloseTo(returns.reduce((a, b) => a + b, 0) / returns.length, 12);
  });

  it("keeps different horizons, cut-offs and kinds apart", () => {
    const series = toPriceSeries("TEST", "1d", bars);
    expect(unconditionalBaseline(series, 7).n).toBe(393);
    expect(unconditionalBaseline(series, 30, 199).n).toBe(170);
    const changes = bars.slice(0, 370).map((b, t) => bars[t + 30].close - b.close);
    unconditionalBaseline(series, 30); // the "return" entry is memoised first; "change" must not reuse it
    expect(unconditionalBaseline(series, 30, Number.POSITIVE_INFINITY, "change").mean).toBeCloseTo(changes.reduce((a, b) => a + b, 0) / changes.length, 12);
  });
});
