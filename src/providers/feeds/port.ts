/**
 * Ports of the feed families (data-sources.md §4.1). Answers are stored as snapshot documents, so their
 * fields carry the wire's names: a stored row reads exactly like the answer it produced.
 *
 * Errors (all AppError): UPSTREAM_UNAVAILABLE (with retryAfterSeconds) for outages, bot walls, rate limits,
 * timeouts and HTML pages; UPSTREAM_SCHEMA_CHANGED when a field we map moved; caller mistakes
 * (UNKNOWN_TICKER, VALIDATION_FAILED) as such. An empty day is an empty answer, not an error.
 */
import type { EconImportance, PreprintSort } from "../../domain/feed-vocabulary.js";

export interface FearGreedComponent {
  score: number | null;
  rating: string | null;
  timestamp: string | null;
}

export const FEAR_GREED_COMPONENTS = [
  "market_momentum_sp500",
  "market_momentum_sp125",
  "stock_price_strength",
  "stock_price_breadth",
  "put_call_options",
  "market_volatility_vix",
  "market_volatility_vix_50",
  "junk_bond_demand",
  "safe_haven_demand",
] as const;
export type FearGreedComponentName = (typeof FEAR_GREED_COMPONENTS)[number];

export interface FearGreed {
  score: number;
  rating: string;
  timestamp: string | null;
  previous_week: number | null;
  previous_month: number | null;
  previous_year: number | null;
  components: Record<FearGreedComponentName, FearGreedComponent>;
  history_30d: Array<{ date: string; score: number; rating: string | null }>;
}

export interface FearGreedProvider {
  fearGreed(): Promise<FearGreed>;
}

export interface EarningsRow {
  symbol: string;
  name: string | null;
  /** When in the day the company reports, as Nasdaq lists it. */
  time: "pre-market" | "after-hours" | "not-supplied";
  eps_forecast: number | null;
  num_estimates: number | null;
  market_cap: number | null;
  fiscal_quarter_ending: string | null;
  last_year_eps: number | null;
  last_year_report_date: string | null;
  /** Reported EPS; only on past dates. */
  eps: number | null;
  surprise_pct: number | null;
}

export interface EarningsCalendarProvider {
  /** Companies reporting on a date (YYYY-MM-DD); a weekend or holiday is an empty list. */
  onDate(date: string): Promise<EarningsRow[]>;
}

export interface EconEvent {
  title: string;
  /** Currency the event moves (ForexFactory's `country`: USD, EUR, ...; ALL for global events). */
  currency: string;
  /** ISO-8601 instant in UTC. */
  date: string;
  importance: EconImportance;
  /** As published, units included ("1.9%", "50.6K"); null when blank. ForexFactory publishes no actuals. */
  forecast: string | null;
  previous: string | null;
}

export interface EconomicCalendarProvider {
  /** ForexFactory's current week (its only reliable feed). */
  thisWeek(): Promise<EconEvent[]>;
}

export interface PreprintQuery {
  query: string;
  /** arXiv category codes to restrict to (an alias already expanded); empty = any. */
  categories: string[];
  maxResults: number;
  sortBy: PreprintSort;
}

export interface Paper {
  id: string;
  title: string;
  summary: string;
  authors: string[];
  published: string | null;
  updated: string | null;
  primary_category: string | null;
  categories: string[];
  abs_url: string;
  pdf_url: string | null;
  doi: string | null;
  journal_ref: string | null;
}

export interface PreprintResult {
  papers: Paper[];
  /** arXiv's full hit count (papers holds at most maxResults of them). */
  totalResults: number;
  /** The feed's own `updated` time: when arXiv answered. */
  answeredAt: string | null;
}

export interface PreprintProvider {
  search(query: PreprintQuery): Promise<PreprintResult>;
}

export interface Fundamentals {
  symbol: string;
  name: string | null;
  currency: string | null;
  quote_type: string | null;
  valuation: {
    trailing_pe: number | null;
    forward_pe: number | null;
    peg_ratio: number | null;
    price_to_book: number | null;
    ev_to_ebitda: number | null;
    market_cap: number | null;
    enterprise_value: number | null;
  };
  /** Decimals (0.465 = 46.5 %). */
  margins: { gross: number | null; operating: number | null; profit: number | null; ebitda: number | null };
  /** Year-over-year, decimals. */
  growth: { revenue: number | null; earnings: number | null; earnings_quarterly: number | null };
  balance_sheet: {
    total_cash: number | null;
    total_debt: number | null;
    /** Ratio (1.45 = debt is 145 % of equity); Yahoo publishes it in percent. */
    debt_to_equity: number | null;
    current_ratio: number | null;
    quick_ratio: number | null;
  };
  analyst: {
    current_price: number | null;
    target_high: number | null;
    target_low: number | null;
    target_mean: number | null;
    target_median: number | null;
    recommendation: string | null;
    /** 1 = strong buy ... 5 = sell. */
    recommendation_mean: number | null;
    num_analysts: number | null;
  };
}

export interface FundamentalsProvider {
  /** `symbol` is the source's (Yahoo) symbol of a stock or fund. */
  fundamentals(symbol: string): Promise<Fundamentals>;
}

/** One reported quarter as the source lists it (Yahoo quoteSummary `earningsHistory`, its last four quarters). */
export interface EarningsQuarter {
  /** YYYY-MM-DD: the end of the fiscal quarter reported (not the report date). */
  fiscal_quarter_end: string;
  eps_actual: number | null;
  eps_estimate: number | null;
  eps_difference: number | null;
  /** (actual - estimate) / |estimate| as the source computes it, decimal (0.0205 = 2.05 %). */
  surprise: number | null;
  currency: string | null;
}

export interface EarningsHistory {
  symbol: string;
  quarters: EarningsQuarter[];
}

export interface EarningsHistoryProvider {
  /** `symbol` is the source's (Yahoo) symbol of a stock; a fund or a symbol without reports is an error. */
  history(symbol: string): Promise<EarningsHistory>;
}

export interface OptionContract {
  contract_symbol: string;
  strike: number;
  last: number | null;
  bid: number | null;
  ask: number | null;
  volume: number | null;
  open_interest: number | null;
  /** Decimal (0.35 = 35 %). */
  implied_volatility: number | null;
  in_the_money: boolean | null;
}

export interface OptionChain {
  symbol: string;
  underlying_price: number | null;
  /** Every listed expiration, YYYY-MM-DD, nearest first. */
  expirations: string[];
  /** The expiration of `calls` and `puts`; null when nothing is listed. */
  expiration: string | null;
  calls: OptionContract[];
  puts: OptionContract[];
}

export interface OptionsProvider {
  /** The chain of one expiration (YYYY-MM-DD), or the nearest when omitted. */
  chain(symbol: string, expiration?: string): Promise<OptionChain>;
}

export interface TrendNewsItem {
  title: string;
  url: string | null;
  source: string | null;
  picture: string | null;
}

export interface TrendItem {
  query: string;
  /** Google's approximate search count, as published ("1000+", "20K+"). */
  traffic: string;
  /** ISO-8601 instant. */
  pub_date: string | null;
  news_items: TrendNewsItem[];
}

export interface TrendsProvider {
  /** Today's trending searches of one country (ISO 3166-1 alpha-2). */
  daily(geo: string): Promise<TrendItem[]>;
}

export interface IndexQuote {
  price: number;
  /** 1-day change in PERCENT (1.8 = +1.8 %), as the spec asks for market_index. */
  change_pct: number;
}

export interface QuoteProvider {
  /** One batched request; symbols the source did not answer for are absent. */
  quotes(symbols: readonly string[]): Promise<Record<string, IndexQuote>>;
}

export interface RetailProduct {
  category: "cpu" | "gpu";
  name: string;
  brand: string;
  /** USD. */
  price: number;
}

export interface RetailSnapshot {
  /** The day the source says its prices are from, YYYY-MM-DD. */
  as_of: string;
  source: string;
  products: RetailProduct[];
}

export interface RetailPriceProvider {
  snapshot(): Promise<RetailSnapshot>;
}
