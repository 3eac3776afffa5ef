import { mean, percentileOfSorted } from "../core/statistics.js";
import { seededRandom } from "../core/seeded-random.js";
import { formatBarTime } from "../domain/bar.js";
import type { SignalRecord } from "../domain/trading-signal.js";
import type { Interval } from "../core/mean-interval.js";
import { horizonCloseIndex } from "./forward-distribution.js";
import { intervalOfMean } from "./interval-policy.js";
import { lowerBound, type PriceSeries } from "./price-series.js";
import { scoreSignal } from "./signal-outcome.js";

/** Random-entry draws per comparison: the 5th-95th percentile of 500 draw means is stable to about a tenth of its width. */
export const RANDOM_ENTRY_DRAWS = 500;
/** Fixed, so the same selection always gets the same random baseline (no re-asking until it looks better). */
const RANDOM_ENTRY_SEED = 20_261_128;

export interface MeanFigure {
  n: number;
  mean: number | null;
  /** 90% interval of the mean (interval-policy.ts), or null with the reason. */
  interval: Interval | null;
  withheld: string | null;
}

export interface RandomEntryBaseline {
  draws: number;
  /** Directional trades that could be redrawn (their series loaded, a scorable bar in range). */
  trades: number;
  /** Mean over draws of each draw's mean return per trade. */
  mean: number;
  /** The 5th and 95th percentiles of the draws' means: where 90% of random strategies with this exposure land. */
  low: number;
  high: number;
  /** Share of draws whose mean is below the strategy's mean. */
  strategyBeats: number;
}

export interface BaselineComparison {
  strategy: MeanFigure;
  /** Buy-and-hold over each directional trade's period (entry close to horizon close, no stop, no target). */
  buyAndHold: MeanFigure;
  /** Per trade, the strategy's return minus buy-and-hold's over the same period. */
  excessOverHold: MeanFigure;
  randomEntry: RandomEntryBaseline | null;
  verdict: string;
}

function meanFigure(values: readonly number[]): MeanFigure {
  const own = intervalOfMean(values, null);
  return { n: values.length, mean: values.length === 0 ? null : mean(values), interval: own.interval, withheld: own.withheld };
}

/**
 * The strategy's scored directional trades beside what a buyer gets without it: buy-and-hold over the same
 * periods (paired, trade by trade) and random entries with the same exposure (per trade: same series, direction,
 * horizon, and stop and target at the same distances from the entry, at an as-of bar drawn uniformly from the
 * bars the selection's signals of that series span), scored exactly as the log scores. `seriesOf` gives a
 * trade's bars (null: not loaded, the trade is left out of the random baseline only).
 */
export function compareWithBaselines(records: readonly SignalRecord[], seriesOf: (ticker: string) => PriceSeries | null): BaselineComparison {
  const trades = records.filter((r) => r.status === "scored" && r.outcome !== null && r.direction !== "flat");
  const strategy = meanFigure(trades.map((t) => t.outcome!.signalReturn));
  const paired = trades.filter((t) => t.outcome!.holdReturn !== null);
  const buyAndHold = meanFigure(paired.map((t) => t.outcome!.holdReturn!));
  const excessOverHold = meanFigure(paired.map((t) => t.outcome!.signalReturn - t.outcome!.holdReturn!));
  const randomEntry = randomEntries(trades, seriesOf);
  return { strategy, buyAndHold, excessOverHold, randomEntry, verdict: verdictOf(strategy, buyAndHold, excessOverHold, randomEntry) };
}

function randomEntries(trades: readonly SignalRecord[], seriesOf: (ticker: string) => PriceSeries | null): RandomEntryBaseline | null {
  // Per series, the range of as-of bars its trades span: random entries are drawn from the same stretch of history.
  const ranges = new Map<string, { series: PriceSeries; first: number; last: number }>();
  for (const t of trades) {
    const series = seriesOf(t.ticker);
    if (series === null) continue;
    const at = lowerBound(series.timesMs, t.asOfMs);
    const known = ranges.get(t.ticker);
    ranges.set(t.ticker, { series, first: Math.min(known?.first ?? at, at), last: Math.max(known?.last ?? at, at) });
  }
  const drawable = trades.filter((t) => ranges.has(t.ticker));
  if (drawable.length === 0) return null;
  const random = seededRandom(RANDOM_ENTRY_SEED);
  const means: number[] = [];
  for (let d = 0; d < RANDOM_ENTRY_DRAWS; d++) {
    const returns: number[] = [];
    for (const t of drawable) {
      const r = randomTrade(t, ranges.get(t.ticker)!, random);
      if (r !== null) returns.push(r);
    }
    if (returns.length > 0) means.push(mean(returns));
  }
  if (means.length === 0) return null;
  const strategyMean = mean(drawable.map((t) => t.outcome!.signalReturn));
  const sorted = [...means].sort((a, b) => a - b);
  return {
    draws: means.length,
    trades: drawable.length,
    mean: mean(means),
    low: percentileOfSorted(sorted, 5),
    high: percentileOfSorted(sorted, 95),
    strategyBeats: means.filter((m) => m < strategyMean).length / means.length,
  };
}

/** One random counterpart of a trade: a few attempts at a uniformly drawn as-of bar whose horizon can be scored. */
function randomTrade(t: SignalRecord, range: { series: PriceSeries; first: number; last: number }, random: () => number): number | null {
  const { series, first, last } = range;
  const stopDistance = t.stopPrice === null ? null : t.stopPrice / t.entryPrice - 1;
  const targetDistance = t.targetPrice === null ? null : t.targetPrice / t.entryPrice - 1;
  for (let attempt = 0; attempt < 8; attempt++) {
    const at = first + Math.floor(random() * (last - first + 1));
    if (horizonCloseIndex(series, at, t.horizonDays).index === null) continue;
    const entry = series.closes[at];
    const outcome = scoreSignal(series, {
      ...t,
      asOfMs: series.timesMs[at],
      asOfDate: formatBarTime(series.timesMs[at], "1d"),
      entryPrice: entry,
      stopPrice: stopDistance === null ? null : entry * (1 + stopDistance),
      targetPrice: targetDistance === null ? null : entry * (1 + targetDistance),
    });
    if (outcome.kind === "scored") return outcome.signalReturn;
  }
  return null;
}

const pct = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(2)}%`;

/** The comparison in plain words, with the rule that decides it: an edge is an excess interval above zero and a strategy above 95% of random draws. */
function verdictOf(strategy: MeanFigure, hold: MeanFigure, excess: MeanFigure, random: RandomEntryBaseline | null): string {
  if (strategy.n < 5 || strategy.mean === null) {
    return `${strategy.n} scored long or short trade${strategy.n === 1 ? "" : "s"}: too few to compare with buy-and-hold and random entries (at least 5).`;
  }
  const parts = [`Over ${strategy.n} trades the rules earned ${pct(strategy.mean)} per trade`];
  if (hold.mean !== null) parts.push(`buy-and-hold over the same periods ${pct(hold.mean)}`);
  if (excess.interval !== null && excess.mean !== null) parts.push(`difference ${pct(excess.mean)}, 90% interval ${pct(excess.interval.low)} to ${pct(excess.interval.high)}`);
  if (random !== null) parts.push(`random entries with the same exposure and stops ${pct(random.mean)} (90% of draws ${pct(random.low)} to ${pct(random.high)}; the rules beat ${(random.strategyBeats * 100).toFixed(0)}% of them)`);
  const beatsHold = excess.interval !== null && excess.interval.low > 0;
  const losesToHold = excess.interval !== null && excess.interval.high < 0;
  const beatsRandom = random !== null && random.strategyBeats >= 0.95;
  const reading = beatsHold && beatsRandom
    ? "The rules beat both baselines beyond noise."
    : losesToHold
      ? "The rules did worse than buy-and-hold beyond noise: no edge."
      : "The rules show no edge over these baselines: the differences are within noise.";
  return `${parts.join("; ")}. ${reading}`;
}
