import { DAY_MS } from "../domain/bar.js";
import type { Metric } from "./analog-search.js";
import { alignedReturns, type AlignedReturns } from "./aligned-returns.js";
import { anchoredMove, outcomeDistribution } from "./anchored-outcomes.js";
import { adjustAcrossHorizons, forecastEvidence, unconditionalBaseline, type Evidence } from "./forecast-evidence.js";
import { leadLag, type LeadLag } from "./lead-lag.js";
import { lowerBound, type PriceSeries } from "./price-series.js";
import { selectIndependent, type ReturnStats } from "./return-distribution.js";

export const MAX_LEAD_LAG_DAYS = 5;
/** Below this many shared daily returns a correlation says nothing; the peer's lead_lag is null. */
export const MIN_LEAD_LAG_RETURNS = 20;

export interface HorizonOutcome extends ReturnStats {
  horizonDays: number;
  /** Per analog, in analog order: the move after it, or null when history cannot tell. */
  values: (number | null)[];
  /** Baseline of the same series over its whole history and horizon, interval of the independent moves' mean, excess. */
  evidence: Evidence;
}

export interface LeadLagResult extends LeadLag {
  /** Aligned daily returns used, and the dates of the first and last of them. */
  returns: number;
  fromMs: number;
  toMs: number;
}

/** The ticker's analogs as the outcomes need them, and what the lead-lag may read. */
export interface PlaybookAnchors {
  /** Time of each analog's first and last bar (the last is the moment peers are aligned to). */
  startsMs: number[];
  anchorsMs: number[];
  /** First bar of the query window. */
  queryStartMs: number;
  /** The query window's end (exclusive): the lead-lag reads returns strictly before it. */
  endMs: number;
  horizonsDays: number[];
  /** How many of the latest aligned daily returns before endMs the lead-lag correlations use. */
  leadLagReturns: number;
  /** The search that chose the analogs, so the spread its choice adds can be measured (selection-effect.ts). */
  search: { m: number; k: number; metric: Metric; queryStart: number };
}

export interface PlaybookOutcomes {
  tickerOutcomes: HorizonOutcome[];
  /** Per peer given (same order): its outcomes and its lead-lag with the ticker. */
  peers: { outcomes: HorizonOutcome[]; leadLag: LeadLagResult | null }[];
}

/**
 * The ticker's and each peer's outcomes after the analogs, and each peer's lead-lag with the ticker. The
 * p-values of every series and horizon of the answer are adjusted together: a buyer scans them all.
 */
export function playbookOutcomes(
  ticker: PriceSeries,
  peers: readonly PriceSeries[],
  anchors: PlaybookAnchors,
  /** Per horizon: the spread the ticker's analog choice adds (selection-effect.ts), applied to every series' moves after those analogs. */
  designEffects: readonly (number | null)[] = anchors.horizonsDays.map(() => 1),
): PlaybookOutcomes {
  const outcomesOf = (series: PriceSeries) => anchors.horizonsDays.map((days, h) => horizonOutcome(series, anchors, days, designEffects[h]));
  const rows = [outcomesOf(ticker), ...peers.map(outcomesOf)];
  const adjusted = adjustAcrossHorizons(rows.flat().map((row) => row.evidence));
  let next = 0;
  const [tickerOutcomes, ...peerOutcomes] = rows.map((row) => row.map((outcome) => ({ ...outcome, evidence: adjusted[next++] })));
  return {
    tickerOutcomes,
    peers: peers.map((peer, i) => ({ outcomes: peerOutcomes[i], leadLag: leadLagBefore(ticker, peer, anchors) })),
  };
}

/**
 * An analog that ends before the query window and whose horizon reaches into it does not count (null): its
 * outcome would be made of the same days as the query itself, the ticker's or a peer's alike.
 */
function horizonOutcome(series: PriceSeries, anchors: PlaybookAnchors, horizonDays: number, designEffect: number | null): HorizonOutcome {
  const { startsMs, anchorsMs, queryStartMs } = anchors;
  const values = anchorsMs.map((anchorMs) =>
    anchorMs < queryStartMs && anchorMs + horizonDays * DAY_MS > queryStartMs ? null : anchoredMove(series, anchorMs, horizonDays),
  );
  // Independent: the moves whose [analog start, anchor + horizon] spans share no day.
  const known = values.flatMap((value, i) => (value === null ? [] : [{ value, start: startsMs[i], end: anchorsMs[i] + horizonDays * DAY_MS }]));
  const independent = selectIndependent(known).map((i) => known[i].value);
  const baseline = unconditionalBaseline(series, horizonDays);
  const evidence = forecastEvidence(independent, baseline, baseline, designEffect);
  return { horizonDays, ...outcomeDistribution(values), values, evidence };
}

/** Lead-lag on the latest aligned daily returns strictly before the window's end, so nothing after it is used. */
function leadLagBefore(ticker: PriceSeries, peer: PriceSeries, anchors: PlaybookAnchors): LeadLagResult | null {
  const aligned = latestAlignedReturns(ticker, peer, anchors.endMs, anchors.leadLagReturns);
  const total = aligned.timesMs.length;
  const used = Math.min(total, anchors.leadLagReturns);
  if (used < MIN_LEAD_LAG_RETURNS) return null;
  const from = total - used;
  const figures = leadLag(aligned.returns[0].subarray(from), aligned.returns[1].subarray(from), MAX_LEAD_LAG_DAYS);
  return { ...figures, returns: used, fromMs: aligned.timesMs[from], toMs: aligned.timesMs[total - 1] };
}

/**
 * The aligned returns before endMs, enough of them for the latest `wanted`: first over a recent stretch of
 * the ticker's calendar (four times the bars wanted), and over the whole history only when that stretch holds
 * too few shared dates. The latest returns are the same either way: a return is made of two consecutive
 * shared dates, and a stretch only loses the return at its start.
 */
function latestAlignedReturns(ticker: PriceSeries, peer: PriceSeries, endMs: number, wanted: number): AlignedReturns {
  const first = lowerBound(ticker.timesMs, endMs) - RECENT_STRETCH_FACTOR * wanted - 1;
  if (first > 0) {
    const recent = alignedReturns([ticker, peer], ticker.timesMs[first], endMs);
    if (recent.timesMs.length >= wanted) return recent;
  }
  return alignedReturns([ticker, peer], -Infinity, endMs);
}

/** Bars of the ticker's own calendar searched first per lead-lag return wanted (peers with holes need more). */
const RECENT_STRETCH_FACTOR = 4;
