import {
  earningsReaction,
  summarizeEarnings,
  surpriseResult,
  typicalAbsDailyMove,
  type DailyClose,
  type EarningsReaction,
  type EarningsSummary,
  type ReportTime,
  type SurpriseResult,
} from "../../analytics/earnings-reaction.js";
import { AppError } from "../../domain/app-error.js";
import { DAY_MS } from "../../domain/bar.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import type { EarningsHistory, EarningsHistoryProvider, EarningsQuarter, EarningsRow } from "../../providers/feeds/port.js";
import { reportDatesFrom, type ReportDate } from "./earnings-report-dates.js";
import { requireReportingCompany } from "./fundamentals-service.js";
import { FEED_POLICIES } from "./feed-policies.js";
import type { Served, SnapshotCache } from "./snapshot-cache.js";

export interface QuarterOutcome extends EarningsQuarter {
  result: SurpriseResult | null;
  report_date: string | null;
  report_time: ReportTime | null;
  report_date_basis: ReportDate["basis"] | null;
  reaction: EarningsReaction | null;
  /** Why a reaction is null: no stored report date, or closes that do not cover it. */
  reaction_note: string | null;
}

export interface EarningsSurprise {
  ticker: string;
  history: Served<EarningsHistory>;
  quarters: QuarterOutcome[];
  summary: EarningsSummary;
  /** Where the closes came from, and whether any were served from the store. */
  prices: { source: string | null; cached: boolean | null; note: string | null };
  /** Stored calendar days the report dates came from. */
  calendar_days_searched: number;
}

/** Daily closes of a ticker between two instants (inclusive days), with their provenance. */
export type CloseLoader = (ticker: string, fromMs: number, toMs: number) => Promise<{ closes: DailyClose[]; source: string; cached: boolean }>;

/** Closes before the first report the typical-move yardstick needs (250 sessions is about 365 days). */
const LOOKBACK_DAYS = 380;
/** Closes after the last report: day 5 is at most about a week and a half of calendar days later. */
const LOOKAHEAD_DAYS = 14;

/**
 * Earnings surprise: EPS actual vs estimate per quarter (Yahoo earningsHistory, stored 24 h), each quarter's
 * report date from the Nasdaq earnings-calendar days stored by this service, and the price reaction from
 * daily closes. Nothing is inferred: a quarter whose report date is not in the stored calendar days has no
 * reaction and says so.
 */
export class EarningsSurpriseService {
  constructor(
    private readonly resolve: (ticker: string) => ResolvedSymbol,
    private readonly provider: EarningsHistoryProvider,
    private readonly cache: SnapshotCache,
    private readonly loadCloses: CloseLoader,
  ) {}

  async surprise(ticker: string): Promise<EarningsSurprise> {
    const symbol = this.resolve(ticker);
    requireReportingCompany(symbol);
    const history = await this.cache.get(FEED_POLICIES.earningsHistory, symbol.source, () => this.provider.history(symbol.source));
    const spellings = [...new Set([symbol.ticker, symbol.source])];
    const days = (await Promise.all(spellings.map((s) => this.cache.containing<EarningsRow[]>(FEED_POLICIES.earningsCalendar.source, `"symbol":"${s}"`)))).flat();
    const dates = reportDatesFrom(days, spellings);
    const dated = history.value.quarters.map((q) => ({ quarter: q, date: dates.get(q.fiscal_quarter_end.slice(0, 7)) }));
    const prices = await this.closesAround(symbol.ticker, dated.flatMap((d) => (d.date === undefined ? [] : [d.date.report_date])));
    const quarters = dated.map(({ quarter, date }) => outcomeOf(quarter, date, prices.closes));
    const reportDays = quarters.flatMap((q) => (q.reaction === null ? [] : [q.reaction.before_date])).sort();
    const typical = reportDays.length === 0 ? null : typicalAbsDailyMove(prices.closes, reportDays[reportDays.length - 1]!);
    const summary = summarizeEarnings(
      quarters.map((q) => ({ result: q.result, reaction: q.reaction ?? undefined })),
      typical,
    );
    return {
      ticker: symbol.ticker,
      history,
      quarters,
      summary,
      prices: { source: prices.source, cached: prices.cached, note: prices.note },
      calendar_days_searched: new Set(days.map((d) => d.key)).size,
    };
  }

  private async closesAround(ticker: string, reportDates: string[]): Promise<{ closes: DailyClose[]; source: string | null; cached: boolean | null; note: string | null }> {
    if (reportDates.length === 0) return { closes: [], source: null, cached: null, note: "no report date of these quarters is in the stored calendar days" };
    const sorted = [...reportDates].sort();
    const fromMs = Date.parse(`${sorted[0]}T00:00:00Z`) - LOOKBACK_DAYS * DAY_MS;
    const toMs = Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`) + LOOKAHEAD_DAYS * DAY_MS;
    try {
      return { ...(await this.loadCloses(ticker, fromMs, toMs)), note: null };
    } catch (error) {
      // No bars for the span is a partial answer (EPS without reactions), not a failed one; anything else is.
      if (error instanceof AppError && error.code === "NO_DATA") return { closes: [], source: null, cached: null, note: error.message };
      throw error;
    }
  }
}

function outcomeOf(quarter: EarningsQuarter, date: ReportDate | undefined, closes: readonly DailyClose[]): QuarterOutcome {
  const result = surpriseResult(quarter.eps_actual, quarter.eps_estimate);
  if (date === undefined) {
    return { ...quarter, result, report_date: null, report_time: null, report_date_basis: null, reaction: null, reaction_note: "report date not in the stored earnings-calendar days" };
  }
  const reaction = earningsReaction(closes, date.report_date, date.time) ?? null;
  return {
    ...quarter,
    result,
    report_date: date.report_date,
    report_time: date.time,
    report_date_basis: date.basis,
    reaction,
    reaction_note: reaction === null ? "the stored daily closes do not cover the sessions around the report" : null,
  };
}
