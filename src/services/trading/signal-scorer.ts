import type { Logger } from "pino";
import { loggedOutcome, scoreSignal } from "../../analytics/signal-outcome.js";
import type { SignalRecord } from "../../domain/trading-signal.js";
import type { SignalLog } from "../../storage/repos/signal-log.js";
import type { SeriesCache } from "../market-data/series-cache.js";

/** Due signals read per batch; a run pages through all of them. */
export const SCORING_BATCH = 500;

export interface ScoringReport {
  due: number;
  scored: number;
  pending: number;
}

/**
 * Scores signals whose horizon has passed, from the stored daily bars (through the series cache, which
 * tops the bar store up from the source). Each outcome is written by a conditional UPDATE on a pending
 * row, so re-running, or two nodes running at once, changes nothing already scored.
 */
export class SignalScorer {
  constructor(
    private readonly log: SignalLog,
    private readonly seriesCache: SeriesCache,
  ) {}

  async scoreDue(nowMs: number, logger: Logger, signal?: AbortSignal): Promise<ScoringReport> {
    const report: ScoringReport = { due: 0, scored: 0, pending: 0 };
    let last: SignalRecord | undefined;
    for (;;) {
      const due = await this.log.due(nowMs, SCORING_BATCH, last);
      if (due.length === 0) return report;
      last = due[due.length - 1];
      const byTicker = new Map<string, SignalRecord[]>();
      for (const s of due) byTicker.set(s.ticker, [...(byTicker.get(s.ticker) ?? []), s]);
      report.due += due.length;
      for (const [ticker, signals] of byTicker) {
        if (signal?.aborted === true) return report;
        const scored = await this.scoreTicker(ticker, signals, nowMs, logger);
        report.scored += scored;
        report.pending += signals.length - scored;
      }
    }
  }

  private async scoreTicker(ticker: string, signals: SignalRecord[], nowMs: number, logger: Logger): Promise<number> {
    let series;
    try {
      ({ series } = await this.seriesCache.load(ticker, "1d"));
    } catch (error) {
      const reason = `the bars of ${ticker} could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
      logger.warn({ ticker, err: error }, "signal scoring: bars unavailable");
      for (const s of signals) await this.log.markPending(s.id, reason);
      return 0;
    }
    let scored = 0;
    for (const s of signals) {
      const outcome = scoreSignal(series, s);
      if (outcome.kind === "pending") {
        await this.log.markPending(s.id, outcome.reason);
        continue;
      }
      const written = await this.log.score(s.id, loggedOutcome(series, outcome, nowMs));
      if (written) scored += 1;
    }
    return scored;
  }
}
