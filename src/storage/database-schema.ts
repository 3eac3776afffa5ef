import type { Generated } from "kysely";

/** Kysely's view of the tables. Timestamps are UTC epoch ms (bigint columns read back as numbers). */
export interface DatabaseSchema {
  settlements: SettlementsTable;
  request_log: RequestLogTable;
  bars: BarsTable;
  bar_coverage: BarCoverageTable;
  client_key_salts: ClientKeySaltsTable;
  payment_claims: PaymentClaimsTable;
  alerts: AlertsTable;
  alert_deliveries: AlertDeliveriesTable;
  feed_snapshots: FeedSnapshotsTable;
  trading_signals: TradingSignalsTable;
  forecast_log: ForecastLogTable;
  probe_results: ProbeResultsTable;
  fulfilments: FulfilmentsTable;
  ad_campaigns: AdCampaignsTable;
  ad_campaign_keywords: AdCampaignKeywordsTable;
  ad_impressions: AdImpressionsTable;
  ad_serve_days: AdServeDaysTable;
  index_snapshots: IndexSnapshotsTable;
  index_resources: IndexResourcesTable;
  router_events: RouterEventsTable;
  arena_rounds: ArenaRoundsTable;
  arena_entries: ArenaEntriesTable;
  arena_agents: ArenaAgentsTable;
  arena_sponsorships: ArenaSponsorshipsTable;
}

export interface SettlementsTable {
  id: Generated<number>;
  created_at_ms: number;
  request_id: string;
  operation_id: string;
  protocol: "x402" | "mpp";
  phase: "verify" | "settle";
  payer: string | null;
  amount_atomic: string;
  asset: string;
  network: string;
  transaction_hash: string | null;
  status: "ok" | "failed";
  error_reason: string | null;
  /** Set on the one outcome row of a payment claim (settled or unsettled), written with the claim's state change. */
  claim_key: string | null;
}

export interface RequestLogTable {
  id: Generated<number>;
  ts_ms: number;
  request_id: string;
  operation_id: string | null;
  method: string;
  path: string;
  status: number;
  outcome: "quote" | "served" | "free" | "error";
  price_usd: number | null;
  client_key: string;
  ecosystem: string;
  assistant: string | null;
  duration_ms: number;
  /** Migration 0008 (demand log): 1 when no route matched; monitor/indexer; AI company and crawler role; category; price band. */
  unrouted: Generated<number>;
  automation: string | null;
  ai_company: string | null;
  ai_role: string | null;
  category: string | null;
  price_band: string | null;
}

export interface BarsTable {
  symbol: string;
  timeframe: string;
  ts_ms: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | null;
}

/** The time span of one series that the store holds completely (every bar the source had in it). */
export interface BarCoverageTable {
  symbol: string;
  timeframe: string;
  from_ms: number;
  to_ms: number;
  fetched_at_ms: number;
}

export interface ClientKeySaltsTable {
  period_start_ms: number;
  salt: string;
}

/**
 * claimed: verified and held by one request (its handler may be running); settling: settlement was started;
 * settled / unsettled: the outcome is known (unsettled = no money moved); expired: never settled and the
 * authorization can no longer execute.
 */
export type PaymentClaimState = "claimed" | "settling" | "settled" | "unsettled" | "expired";

export interface PaymentClaimsTable {
  claim_key: string;
  network: string;
  asset: string;
  payer: string;
  nonce: string;
  amount_atomic: string;
  pay_to: string;
  valid_before_s: number;
  request_id: string;
  operation_id: string;
  state: PaymentClaimState;
  claimed_at_ms: number;
  settling_at_ms: number | null;
  outcome_at_ms: number | null;
  transaction_hash: string | null;
  outcome_reason: string | null;
  payment_json: string;
  /** Which protocol paid (null: x402, or a claim older than the column). */
  protocol: "x402" | "mpp" | null;
}

export interface AlertsTable {
  watch_id: string;
  kind: string;
  ticker: string;
  condition: string;
  threshold: number;
  webhook_url: string;
  secret: string;
  /** JSON of PatternReference for pattern alerts. */
  pattern: string | null;
  state: string;
  created_at_ms: number;
  expires_at_ms: number;
  last_checked_at_ms: number | null;
  last_value: number | null;
  last_bar_ms: number | null;
  triggered_at_ms: number | null;
  triggered_value: number | null;
  payload: string | null;
  attempts: Generated<number>;
  next_attempt_at_ms: number | null;
  claim_token: string | null;
  claimed_until_ms: number | null;
  delivered_at_ms: number | null;
  finished_at_ms: number | null;
}

export interface AlertDeliveriesTable {
  watch_id: string;
  attempt: number;
  at_ms: number;
  http_status: number | null;
  error: string | null;
}

/** One stored upstream answer of a feed (fear & greed, calendars, trends, ...), mapped, as JSON text. */
export interface FeedSnapshotsTable {
  source: string;
  key: string;
  fetched_at_ms: number;
  payload: string;
}

/** The signal log (migration 0005): signal columns written once when fired, outcome columns once when scored. */
export interface TradingSignalsTable {
  id: string;
  fired_at_ms: number;
  ticker: string;
  as_of_date: string;
  as_of_ms: number;
  direction: string;
  conviction: number;
  entry_price: number;
  stop_price: number | null;
  target_price: number | null;
  horizon_days: number;
  expected_return: number | null;
  due_at_ms: number;
  status: string;
  pending_reason: string | null;
  exit: string | null;
  exit_date: string | null;
  exit_price: number | null;
  asset_return: number | null;
  signal_return: number | null;
  scored_at_ms: number | null;
  /** Migration 0013: the rules' version (1 for rows logged before it) and buy-and-hold over the horizon. */
  rule_version: Generated<number>;
  hold_return: number | null;
}

/** One probe of an origin (migration 0007): `checks` and `report` are JSON text. */
export interface ProbeResultsTable {
  id: string;
  origin: string;
  probed_at_ms: number;
  grade: string;
  checks: string;
  report: string;
}

/** Route-and-fulfil (migration 0010): opened before the seller is paid, finished once with the outcome. */
export interface FulfilmentsTable {
  request_id: string;
  created_at_ms: number;
  payer: string | null;
  seller_url: string;
  seller_method: string;
  caller_quote_atomic: string;
  seller_amount_atomic: string | null;
  seller_pay_to: string | null;
  seller_transaction: string | null;
  seller_status: number | null;
  outcome: string;
  detail: string | null;
  finished_at_ms: number | null;
}

/** Advertising campaigns (migration 0011): money in micro-dollars; remaining_micros only ever decreases. */
export interface AdCampaignsTable {
  id: string;
  advertiser: string;
  placement: string;
  title: string;
  url: string;
  description: string;
  budget_micros: number;
  impression_price_micros: number;
  remaining_micros: number;
  impressions: Generated<number>;
  clicks: Generated<number>;
  state: string;
  created_at_ms: number;
  exhausted_at_ms: number | null;
}

export interface AdCampaignKeywordsTable {
  campaign_id: string;
  keyword: string;
}

/** One row per charged impression; clicked_at_ms is set once, by the first click. */
export interface AdImpressionsTable {
  id: string;
  campaign_id: string;
  placement: string;
  served_at_ms: number;
  price_micros: number;
  clicked_at_ms: number | null;
}

/** Serve requests (filled or not) per UTC day and placement: the fill-rate denominator. */
export interface AdServeDaysTable {
  day: string;
  placement: string;
  requests: number;
  filled: number;
}

/** One crawl of one discovery index (migration 0006); `partial` 1 when the crawl stopped before the end. */
export interface IndexSnapshotsTable {
  id: string;
  index_name: string;
  crawled_at_ms: number;
  source: string;
  resource_count: number;
  partial: number;
  note: string | null;
}

/** One normalised listing of a crawl (src/services/discovery/mirrored-resource.ts) as JSON text. */
export interface IndexResourcesTable {
  snapshot_id: string;
  seq: number;
  origin: string;
  path: string;
  payload: string;
}

/** A router event: a need asked (`need`), a go-link followed (`click`) or an outcome reported (`outcome`). */
export interface RouterEventsTable {
  id: string;
  kind: string;
  at_ms: number;
  client_key: string;
  need: string | null;
  origin: string | null;
  path: string | null;
  helped: number | null;
  paid_usd: number | null;
  note: string | null;
  results_found: number | null;
}

/** Arena rounds (migration 0009): settlement columns written once, by a conditional UPDATE on status = 'pending'. */
export interface ArenaRoundsTable {
  round_id: string;
  coin: string;
  strike: number;
  /** JSON of StrikeSource. */
  strike_source: string;
  opened_at_ms: number;
  lock_at_ms: number;
  deadline_ms: number;
  status: string;
  settle_lease_until_ms: number | null;
  pending_reason: string | null;
  outcome: number | null;
  close: string | null;
  request_url: string | null;
  request_body: string | null;
  candle_json: string | null;
  response_body: string | null;
  settled_at_ms: number | null;
  void_reason: string | null;
}

export interface ArenaEntriesTable {
  round_id: string;
  agent: string;
  p: number;
  payer: string;
  entered_at_ms: number;
  request_id: string;
}

export interface ArenaAgentsTable {
  agent: string;
  wallet: string;
  bound_at_ms: number;
}

export interface ArenaSponsorshipsTable {
  sponsorship_id: string;
  season: string;
  sponsor: string;
  message: string;
  amount_usd: number;
  payer: string;
  created_at_ms: number;
}

/** The forecast log (migration 0012): claim columns written once at insert, score columns once when scored. */
export interface ForecastLogTable {
  id: string;
  source: string;
  route: string;
  series: string;
  inputs: string;
  fingerprint: string;
  as_of_date: string;
  as_of_ms: number;
  horizon: number;
  horizon_unit: string;
  outcome_kind: string;
  logged_at_ms: number;
  response_sha256: string | null;
  ex_ante: number;
  point_mean: number | null;
  point_median: number | null;
  range_low: number | null;
  range_high: number | null;
  range_level: number | null;
  mean_low: number | null;
  mean_high: number | null;
  mean_level: number | null;
  probability_up: number | null;
  direction: string | null;
  baseline_mean: number | null;
  baseline_hit_rate: number | null;
  dispersion: number | null;
  n_independent: number | null;
  due_at_ms: number;
  status: string;
  pending_reason: string | null;
  outcome_date: string | null;
  realised: number | null;
  inside_range: number | null;
  inside_mean_interval: number | null;
  direction_right: number | null;
  baseline_direction_right: number | null;
  brier: number | null;
  baseline_brier: number | null;
  realised_volatility: number | null;
  trailing_volatility: number | null;
  scored_at_ms: number | null;
}
