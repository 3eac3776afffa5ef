import type { Generated } from "kysely";

/** Kysely's view of the tables. Timestamps are UTC epoch ms (bigint columns read back as numbers). */
export interface DatabaseSchema {
  settlements: SettlementsTable;
  request_log: RequestLogTable;
  bars: BarsTable;
  bar_coverage: BarCoverageTable;
  client_key_salts: ClientKeySaltsTable;
  feed_snapshots: FeedSnapshotsTable;
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

/** One stored upstream answer of a feed (fear & greed, calendars, trends, ...), mapped, as JSON text. */
export interface FeedSnapshotsTable {
  source: string;
  key: string;
  fetched_at_ms: number;
  payload: string;
}
