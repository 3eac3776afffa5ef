import { returnBetween } from "../core/returns.js";
import { alignPanel, type TimedCloses } from "./aligned-panel.js";

/** Simple returns of several series between consecutive shared dates, every series on the same dates. */
export interface AlignedReturns {
  /** Time of the close each return ends at. */
  timesMs: Float64Array;
  /** returns[s][t]: return of series s from the previous shared date to timesMs[t], decimal. */
  returns: Float64Array[];
  /** First shared date of the range (the base of the first return when its step is kept). */
  firstMs: number;
  /** Steps left out because a price was not positive or not finite (listwise, for every series). */
  droppedReturns: number;
  /** Steps left out because they span a gap longer than a normal market closure (a data hole). */
  skippedSteps: number;
}

/**
 * Returns on the dates every series has within [fromMs, toMs) (intersection, no filling: a date one
 * market skips is skipped for all, so the same span of time sits behind every series' return; see
 * aligned-panel.ts). A simple return across a price that is not positive (WTI traded below zero in April
 * 2020) means nothing, so that step is dropped for every series: all series keep the same dates and every
 * pairwise figure rests on the same sample.
 */
export function alignedReturns(series: readonly TimedCloses[], fromMs = -Infinity, toMs = Infinity): AlignedReturns {
  const panel = alignPanel(series, fromMs, toMs - 1);
  const times: number[] = [];
  const out: number[][] = panel.closes.map(() => []);
  let dropped = 0;
  for (const j of panel.stepEnds) {
    const usable = panel.closes.every((c) => c[j - 1] > 0 && c[j] > 0 && Number.isFinite(c[j - 1]) && Number.isFinite(c[j]));
    if (!usable) {
      dropped += 1;
      continue;
    }
    times.push(panel.timesMs[j]);
    panel.closes.forEach((c, s) => out[s].push(returnBetween(c, j - 1, j)));
  }
  return {
    timesMs: Float64Array.from(times),
    returns: out.map((r) => Float64Array.from(r)),
    firstMs: panel.timesMs.length > 0 ? panel.timesMs[0] : Number.NaN,
    droppedReturns: dropped,
    skippedSteps: panel.skippedSteps,
  };
}
