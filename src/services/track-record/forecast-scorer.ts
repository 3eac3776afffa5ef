import type { Logger } from "pino";
import { scoreForecast } from "../../analytics/forecast-outcome.js";
import type { ForecastRecord } from "../../domain/forecast-claim.js";
import type { ForecastLog } from "../../storage/repos/forecast-log.js";
import type { DailyHistory } from "./forecast-recorder.js";

/** Due rows read per batch; a run pages through all of them. */
export const FORECAST_SCORING_BATCH = 1000;

export interface ForecastScoringReport {
  due: number;
  scored: number;
  pending: number;
  void: number;
}

/**
 * Scores logged forecasts whose horizon has passed, from the same daily bars the forecasts read (analytics/
 * forecast-outcome.ts). Each score is written by a conditional UPDATE on a pending row, so a re-run or a second
 * node changes nothing already scored; rows whose horizon the bars do not reach yet stay pending with the reason,
 * rows no close can ever stand for (a gap) are marked void.
 */
export class ForecastScorer {
  constructor(
    private readonly log: ForecastLog,
    private readonly history: DailyHistory,
  ) {}

  async scoreDue(nowMs: number, logger: Logger, signal?: AbortSignal): Promise<ForecastScoringReport> {
    const report: ForecastScoringReport = { due: 0, scored: 0, pending: 0, void: 0 };
    let last: ForecastRecord | undefined;
    for (;;) {
      const due = await this.log.due(nowMs, FORECAST_SCORING_BATCH, last);
      if (due.length === 0) return report;
      last = due[due.length - 1];
      report.due += due.length;
      const bySeries = new Map<string, ForecastRecord[]>();
      for (const r of due) {
        const group = bySeries.get(r.series);
        if (group === undefined) bySeries.set(r.series, [r]);
        else group.push(r);
      }
      for (const [ticker, rows] of bySeries) {
        if (signal?.aborted === true) return report;
        await this.scoreSeries(ticker, rows, nowMs, logger, report);
      }
    }
  }

  private async scoreSeries(ticker: string, rows: ForecastRecord[], nowMs: number, logger: Logger, report: ForecastScoringReport): Promise<void> {
    let series;
    try {
      series = await this.history(ticker);
    } catch (error) {
      const reason = `the bars of ${ticker} could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
      logger.warn({ ticker, err: error }, "forecast scoring: bars unavailable");
      for (const r of rows) await this.log.markPending(r.id, reason);
      report.pending += rows.length;
      return;
    }
    for (const row of rows) {
      const outcome = scoreForecast(series, row, nowMs);
      if (outcome.kind === "scored") {
        if (await this.log.score(row.id, outcome.score)) report.scored += 1;
      } else if (outcome.kind === "void") {
        await this.log.markVoid(row.id, outcome.reason);
        report.void += 1;
      } else {
        await this.log.markPending(row.id, outcome.reason);
        report.pending += 1;
      }
    }
  }
}
