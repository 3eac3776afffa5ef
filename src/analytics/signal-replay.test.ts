import { describe, expect, it } from "vitest";
import { garchWalk } from "../../test/support/seeded-rng.js";
import { prepareSeries } from "../core/prepared-series.js";
import type { PriceSeries } from "./price-series.js";
import { replayStretch, type ReplayStretch } from "./signal-replay.js";

describe("replayStretch", () => {
  const closes = garchWalk({ length: 1_500, seed: 7, volPerBar: 0.015 });
  const breakBefore = new Uint8Array(closes.length);
  breakBefore[900] = 1; // a gap: the bars whose windows span it are skipped, in whichever stretch they fall
  const timesMs = Float64Array.from({ length: closes.length }, (_, i) => Date.UTC(2001, 0, 1) + (i + (i >= 900 ? 10 : 0)) * 86_400_000);
  const series: PriceSeries = { ticker: "WALK", timeframe: "1d", timesMs, opens: closes, highs: closes, lows: closes, closes, breakBefore };
  const prepared = prepareSeries(closes, breakBefore);

  it("cut into stretches of a few signals, is the whole replay", () => {
    const whole = replayStretch(series, prepared, 10, 0, Number.POSITIVE_INFINITY);
    expect(whole.nextBar).toBeNull();
    expect(whole.signals.length).toBeGreaterThan(40);
    const pieces: ReplayStretch[] = [];
    for (let at: number | null = 0; at !== null; ) {
      const stretch: ReplayStretch = replayStretch(series, prepared, 10, at, 7);
      expect(stretch.signals.length).toBeLessThanOrEqual(7);
      pieces.push(stretch);
      at = stretch.nextBar;
    }
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.flatMap((p) => p.signals)).toEqual(whole.signals);
  });
});
