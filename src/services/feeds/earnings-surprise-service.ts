import { earningsReaction, MARKET_ADJUSTED_MODEL, US_MARKET_TICKER, type EarningsReaction, type MarketCloses } from "../../analytics/abnormal-reaction.js";
import { surpriseResult, type DailyClose, type ReportTime, type SurpriseResult } from "../../analytics/earnings-reaction.js";
import { summarizeEarnings, type EarningsSummary } from "../../analytics/earnings-summary.js";
import { AppError } from "../../domain/app-error.js";
import { DAY_MS } from "../../domain/bar.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import type { EarningsHistory, EarningsHistoryProvider, EarningsQuarter, EarningsRow } from "../../providers/feeds/port.js";
import { reportDatesFrom, type ReportDate } from "./earnings-report-dates.js";
import { requireReportingCompany } from "./fundamentals-service.js";
import { FEED_POLICIES } from "./feed-policies.js";
import type { Served, SnapshotCache } from "./snapshot-cache.js";

export interface ReportOutcome {
  report_date: string | null;
  report_time: ReportTime | null;
  report_date_basis: ReportDate["basis"] | null;
  reaction: EarningsReaction | null;
  /** Why a reaction is null: no stored report date, or closes that do not cover it. */
  reaction_note: string | null;
}

/** The outcome of a report whose date is stored. */
export interface DatedOutcome extends ReportOutcome {
  report_date: string;
  report_time: ReportTime;
  report_date_basis: ReportDate["basis"];
}

export interface QuarterOutcome extends EarningsQuarter, ReportOutcome {
  result: SurpriseResult | null;
}

/** A stored report date of a quarter the EPS source does not list (older than its last four). */
export interface OtherReport extends DatedOutcome {
  /** YYYY-MM of the fiscal quarter's end, as the calendar names it. */
  fiscal_month: string;
}

/** The series reactions are adjusted by, the model, and where its closes came from. */
export interface MarketUsed {
  ticker: string;
  model: string;
  source: string | null;
  cached: boolean | null;
  note: string | null;
}

export interface EarningsSurprise {
  ticker: string;
  history: Served<EarningsHistory>;
  quarters: QuarterOutcome[];
  other_reports: OtherReport[];
  summary: EarningsSummary;
  market: MarketUsed;
  /** Where the closes came from, and whether any were served from the store. */
  prices: { source: string | null; cached: boolean | null; note: string | null };
  /** Stored calendar days the report dates came from. */
  calendar_days_searched: number;
}

/** Daily closes of a ticker between two instants (inclusive days), with their provenance. */
export type CloseLoader = (ticker: string, fromMs: number, toMs: number) => Promise<{ closes: DailyClose[]; source: string; cached: boolean }>;

type Closes = { closes: DailyClose[]; source: string | null; cached: boolean | null; note: string | null };

/** Closes before the first report the typical-move yardstick needs (250 sessions is about 365 days). */
const LOOKBACK_DAYS = 380;
/** Closes after the last report: day 5 is at most about a week and a half of calendar days later. */
const LOOKAHEAD_DAYS = 14;

/**
 * Earnings surprise: EPS actual vs estimate per quarter (Yahoo earningsHistory, stored 24 h), each quarter's
 * report date from the Nasdaq earnings-calendar days stored by this service, and the price reaction from
 * daily closes, raw and against the market's closes over the same sessions (SPY). Nothing is inferred: a quarter
 * whose report date is not in the stored calendar days has no reaction and says so. The flags read every stored
 * report date, those of quarters older than the EPS source's four included: they need no EPS, and four reports
 * are too few for the interval a flag rests on.
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
    const listed = new Set(history.value.quarters.map((q) => q.fiscal_quarter_end.slice(0, 7)));
    const reportDays = [...dates.values()].map((d) => d.report_date);
    const prices = await this.closesAround(symbol.ticker, reportDays, ["NO_DATA"]);
    // The market's closes over the same span. Its absence costs the abnormal figures, not the answer: the raw
    // reactions stand (each abnormal figure then says why it is null).
    const marketPrices = prices.closes.length === 0 ? prices : await this.closesAround(US_MARKET_TICKER, reportDays, ["NO_DATA", "UPSTREAM_UNAVAILABLE"]);
    const market: MarketCloses = {
      ticker: US_MARKET_TICKER,
      byDate: marketPrices.closes.length === 0 ? null : new Map(marketPrices.closes.map((c) => [c.date, c.close])),
      note: marketPrices.closes.length === 0 ? (marketPrices.note ?? "no closes in the span") : null,
    };
    const reportOf = (date: ReportDate | undefined) => (date === undefined ? UNDATED : datedOutcome(date, prices.closes, market));
    const quarters = history.value.quarters.map((q) => ({ ...q, result: surpriseResult(q.eps_actual, q.eps_estimate), ...reportOf(dates.get(q.fiscal_quarter_end.slice(0, 7))) }));
    const otherReports = [...dates.values()]
      .filter((d) => !listed.has(d.fiscal_month))
      .sort((a, b) => a.fiscal_month.localeCompare(b.fiscal_month))
      .map((d) => ({ fiscal_month: d.fiscal_month, ...datedOutcome(d, prices.closes, market) }));
    const reactions = [...quarters, ...otherReports].flatMap((q) => (q.reaction === null ? [] : [q.reaction]));
    const summary = summarizeEarnings(
      quarters.map((q) => ({ result: q.result, reaction: q.reaction ?? undefined })),
      reactions,
      prices.closes,
      market,
    );
    return {
      ticker: symbol.ticker,
      history,
      quarters,
      other_reports: otherReports,
      summary,
      market: { ticker: US_MARKET_TICKER, model: MARKET_ADJUSTED_MODEL, source: marketPrices.source, cached: marketPrices.cached, note: market.note },
      prices: { source: prices.source, cached: prices.cached, note: prices.note },
      calendar_days_searched: new Set(days.map((d) => d.key)).size,
    };
  }

  /**
   * Daily closes of `ticker` around the report dates. Errors whose code is in `partial` (no bars for the span, and
   * for the market an upstream outage) make a partial answer with a note instead of a failed one; any other fails it.
   */
  private async closesAround(ticker: string, reportDates: string[], partial: readonly string[]): Promise<Closes> {
    if (reportDates.length === 0) return { closes: [], source: null, cached: null, note: "no report date of the company is in the stored calendar days" };
    const sorted = [...reportDates].sort();
    const fromMs = Date.parse(`${sorted[0]}T00:00:00Z`) - LOOKBACK_DAYS * DAY_MS;
    const toMs = Date.parse(`${sorted[sorted.length - 1]}T00:00:00Z`) + LOOKAHEAD_DAYS * DAY_MS;
    try {
      return { ...(await this.loadCloses(ticker, fromMs, toMs)), note: null };
    } catch (error) {
      if (error instanceof AppError && partial.includes(error.code)) return { closes: [], source: null, cached: null, note: error.message };
      throw error;
    }
  }
}

const UNDATED: ReportOutcome = { report_date: null, report_time: null, report_date_basis: null, reaction: null, reaction_note: "report date not in the stored earnings-calendar days" };

function datedOutcome(date: ReportDate, closes: readonly DailyClose[], market: MarketCloses): DatedOutcome {
  const reaction = earningsReaction(closes, date.report_date, date.time, market) ?? null;
  return {
    report_date: date.report_date,
    report_time: date.time,
    report_date_basis: date.basis,
    reaction,
    reaction_note: reaction === null ? "the stored daily closes do not cover the sessions around the report" : null,
  };
}
