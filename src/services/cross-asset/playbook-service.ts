import type { Metric } from "../../analytics/analog-search.js";
import type { HorizonOutcome, LeadLagResult } from "../../analytics/playbook-outcomes.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import type { ErrorCode } from "../../domain/app-error.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import type { PatternResult, PatternService } from "../patterns/pattern-service.js";
import type { SearchRunner } from "../patterns/search-job.js";
import { loadEach, type LoadStatus } from "./load-each.js";

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
 * plus how the peer's daily returns co-move with the ticker's at lags of up to 5 days
 * (analytics/playbook-outcomes.ts). The search and the outcomes both run on the worker pool.
 */
export class PlaybookService {
  constructor(
    private readonly patterns: PatternService,
    private readonly seriesCache: SeriesCache,
    private readonly runner: SearchRunner,
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
    // After the search: a ticker or window the search refuses fetches no peer.
    const loadedPeers = await loadEach(this.seriesCache, query.peers);
    const { timesMs } = pattern.series;
    const anchorsMs = pattern.analogs.map((a) => timesMs[a.indices[a.indices.length - 1]]);
    const startsMs = pattern.analogs.map((a) => timesMs[a.indices[0]]);
    const peerSeries: PriceSeries[] = loadedPeers.flatMap((outcome) => (outcome.status === "ok" ? [outcome.loaded.series] : []));
    const computed = await this.runner.compute("playbookOutcomes", [pattern.series, ...peerSeries], {
      startsMs,
      anchorsMs,
      queryStartMs: timesMs[pattern.window.start],
      endMs: query.endMs,
      horizonsDays: query.horizonsDays,
      leadLagReturns: query.leadLagReturns,
      search: { m: pattern.window.m, k: query.k, metric: query.metric, queryStart: pattern.window.start },
    });
    let next = 0;
    const peers = loadedPeers.map((outcome): PeerPlaybook => {
      if (outcome.status !== "ok") return { ...outcome, outcomes: [], leadLag: null };
      return { ticker: outcome.loaded.series.ticker, status: "ok", ...computed.peers[next++] };
    });
    return { pattern, anchorsMs, tickerOutcomes: computed.tickerOutcomes, peers };
  }
}
