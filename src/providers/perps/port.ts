/**
 * Perpetual-futures venues: settlement candles and account state. Numbers are parsed from the venue's
 * decimal strings; prices in the quote currency (USD/USDC), sizes in coin units, signed (short < 0).
 */

/** Candle intervals a venue may serve (Hyperliquid's set). */
export const PERP_CANDLE_INTERVALS = ["1m", "3m", "5m", "15m", "30m", "1h", "2h", "4h", "8h", "12h", "1d", "3d", "1w", "1M"] as const;
export type PerpCandleInterval = (typeof PERP_CANDLE_INTERVALS)[number];

export interface Candle {
  /** Open time of the candle, UTC epoch ms. */
  openTimeMs: number;
  /** Close time as the venue reports it (Hyperliquid: openTimeMs + interval - 1). */
  closeTimeMs: number;
  open: number;
  high: number;
  low: number;
  close: number;
  /** Base-coin volume. */
  volume: number;
  tradeCount: number;
}

export interface PerpPosition {
  /** "" for the main perp DEX, else the HIP-3 DEX name ("xyz"). */
  dex: string;
  /** Venue coin name; HIP-3 coins carry their DEX prefix ("xyz:GOLD"). */
  coin: string;
  /** Signed size in coin units (negative = short). */
  size: number;
  entryPx: number;
  positionValueUsd: number;
  unrealizedPnlUsd: number;
  /** Unrealised PnL over margin, as a decimal. */
  returnOnEquity: number;
  liquidationPx: number | null;
  marginUsedUsd: number;
  leverage: { type: "cross" | "isolated"; value: number };
  /** Absent in older venue answers. */
  maxLeverage: number | null;
  cumFundingAllTimeUsd: number | null;
}

export interface DexAccountSummary {
  dex: string;
  accountValueUsd: number;
  totalNotionalUsd: number;
  marginUsedUsd: number;
  withdrawableUsd: number;
  /** Absent in older venue answers. */
  crossMaintenanceMarginUsedUsd: number | null;
  /** Venue time of the snapshot; absent in older answers. */
  timeMs: number | null;
}

export interface AccountState {
  /** Lower-cased 0x address. */
  user: string;
  /** Sum over the requested DEXes (each HIP-3 DEX keeps a separate clearinghouse). */
  equityUsd: number;
  unrealizedPnlUsd: number;
  marginUsedUsd: number;
  withdrawableUsd: number;
  positions: PerpPosition[];
  dexes: DexAccountSummary[];
  /** Latest venue time across DEXes, or null when the venue gave none. */
  timeMs: number | null;
}

/**
 * Errors (all AppError): VALIDATION_FAILED for a bad address/coin/interval/range (naming the
 * parameter), UPSTREAM_UNAVAILABLE (with retryAfterSeconds) for transient trouble,
 * UPSTREAM_SCHEMA_CHANGED when the answer no longer has the shape we map. A window with no candle is
 * `[]`: callers settling a market must treat it as "not settleable yet", never as a price.
 */
export interface PerpsProvider {
  readonly name: string;
  /** Candles with `fromMs <= openTimeMs < toMs`, ascending. */
  candles(coin: string, interval: PerpCandleInterval, fromMs: number, toMs: number): Promise<Candle[]>;
  /** State merged across `dexes` ("" = main DEX; [] means [""]). */
  account(user: string, dexes: string[]): Promise<AccountState>;
}
