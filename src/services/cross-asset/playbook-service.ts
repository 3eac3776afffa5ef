import { forecastEvidence, unconditionalBaseline, type Evidence } from "../../analytics/forecast-evidence.js";
import { selectIndependent, type ReturnStats } from "../../analytics/return-distribution.js";
import { alignedReturns, type AlignedReturns } from "../../analytics/aligned-returns.js";
import type { Metric } from "../../analytics/analog-search.js";
import { anchoredMove, outcomeDistribution } from "../../analytics/anchored-outcomes.js";
import { leadLag, type LeadLag } from "../../analytics/lead-lag.js";
import type { ErrorCode } from "../../domain/app-error.js";
import { lowerBound, type PriceSeries } from "../../analytics/price-series.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import type { PatternResult, PatternService } from "../patterns/pattern-service.js";
import { yieldToEventLoop } from "../yield-to-event-loop.js";
import { loadEach, type LoadStatus } from "./load-each.js";
import { DAY_MS } from "../../domain/bar.js";

export const MAX_LEAD_LAG_DAYS = 5;
/** Below this many shared daily returns a correlation says nothing; the peer's lead_lag is null. */
export const MIN_LEAD_LAG_RETURNS = 20;

export interface PlaybookQuery {
  ticker: string;
  startMs: number;
  /** Exclusive. */
  endMs: number;
  peers: string[];
  k: number;
  metric: Metric;
  horizonsDays: number[];
  /** How many of the latest aligned daily returns before endMs the lead-lag correlations use. */
  leadLagReturns: number;
}

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

export interface PeerPlaybook {
  ticker: string;
  status: LoadStatus;
  error?: string;
  /** Set when the peer could not be loaded: the error that stopped it. */
  code?: ErrorCode;
  retryAfterSeconds?: number;
  outcomes: HorizonOutcome[];
  leadLag: LeadLagResult | null;
}

export interface PlaybookResult {
  pattern: PatternResult;
  /** Time of each analog's last bar: the moment peers are aligned to. */
  anchorsMs: number[];
  tickerOutcomes: HorizonOutcome[];
  peers: PeerPlaybook[];
}

/**
 * Cross-asset signal propagation: the ticker window's analogs (the /get_patterns search, no wrapped
 * windows), and for each peer what it did over the given calendar-day horizons after each analog ended,
 * plus how the peer's daily returns co-move with the ticker's at lags of up to 5 days.
 */
export class PlaybookService {
  constructor(
    private readonly patterns: PatternService,
    private readonly seriesCache: SeriesCache,
  ) {}

  async playbook(query: PlaybookQuery): Promise<PlaybookResult> {
    const pattern = await this.patterns.analogs({
      ticker: query.ticker,
      timeframe: "1d",
      startMs: query.startMs,
      endMs: query.endMs,
      k: query.k,
      metric: query.metric,
      wrap: false,
    });
    const anchorsMs = pattern.analogs.map((a) => pattern.series.timesMs[a.indices[a.indices.length - 1]]);
    const startsMs = pattern.analogs.map((a) => pattern.series.timesMs[a.indices[0]]);
    const queryStartMs = pattern.series.timesMs[pattern.window.start];
    // Each horizon's outcome costs a bootstrap interval and a whole-history baseline (about a millisecond);
    // other requests get the event loop between horizons, and between a peer's outcomes and its lead-lag.
    const outcomesOf = async (series: PriceSeries): Promise<HorizonOutcome[]> => {
      const outcomes: HorizonOutcome[] = [];
      for (const days of query.horizonsDays) {
        outcomes.push(horizonOutcome(series, startsMs, anchorsMs, days, queryStartMs));
        await yieldToEventLoop();
      }
      return outcomes;
    };
    const peers: PeerPlaybook[] = [];
    for (const outcome of await loadEach(this.seriesCache, query.peers)) {
      if (outcome.status !== "ok") {
        peers.push({ ...outcome, outcomes: [], leadLag: null });
        continue;
      }
      const { series } = outcome.loaded;
      const outcomes = await outcomesOf(series);
      peers.push({ ticker: series.ticker, status: "ok", outcomes, leadLag: leadLagBefore(pattern.series, series, query) });
      await yieldToEventLoop();
    }
    return { pattern, anchorsMs, tickerOutcomes: await outcomesOf(pattern.series), peers };
  }
}

/**
 * An analog that ends before the query window and whose horizon reaches into it does not count (null): its
 * outcome would be made of the same days as the query itself, the ticker's or a peer's alike.
 */
function horizonOutcome(
  series: PriceSeries,
  startsMs: readonly number[],
  anchorsMs: readonly number[],
  horizonDays: number,
  queryStartMs: number,
): HorizonOutcome {
  const values = anchorsMs.map((anchorMs) =>
    anchorMs < queryStartMs && anchorMs + horizonDays * DAY_MS > queryStartMs ? null : anchoredMove(series, anchorMs, horizonDays),
  );
  // Independent: the moves whose [analog start, anchor + horizon] spans share no day.
  const known = values.flatMap((value, i) => (value === null ? [] : [{ value, start: startsMs[i], end: anchorsMs[i] + horizonDays * DAY_MS }]));
  const independent = selectIndependent(known).map((i) => known[i].value);
  const evidence = forecastEvidence(independent, unconditionalBaseline(series, horizonDays));
  return { horizonDays, ...outcomeDistribution(values), values, evidence };
}

/** Lead-lag on the latest aligned daily returns strictly before the window's end, so nothing after it is used. */
function leadLagBefore(ticker: PriceSeries, peer: PriceSeries, query: PlaybookQuery): LeadLagResult | null {
  const aligned = latestAlignedReturns(ticker, peer, query.endMs, query.leadLagReturns);
  const total = aligned.timesMs.length;
  const used = Math.min(total, query.leadLagReturns);
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
