/**
 * The perp account a trading portfolio is read from (Hyperliquid's clearinghouse per DEX). Failures are
 * AppErrors: UPSTREAM_UNAVAILABLE (with retryAfterSeconds) for rate limits, 5xx, timeouts and HTML pages,
 * UPSTREAM_SCHEMA_CHANGED when a field we map moved.
 */
export interface PerpPosition {
  coin: string;
  /** Signed: positive long, negative short (Hyperliquid `szi`). */
  size: number;
  entryPrice: number | null;
  /** |size| * mark price, in USD. */
  positionValue: number;
  unrealizedPnl: number;
  returnOnEquity: number | null;
  leverage: { type: string; value: number };
  liquidationPrice: number | null;
  marginUsed: number;
}

export interface PerpAccountState {
  /** "" is the main DEX, "xyz" the HIP-3 xyz DEX. */
  dex: string;
  accountValue: number;
  totalMarginUsed: number;
  totalNotional: number;
  withdrawable: number | null;
  positions: PerpPosition[];
  /** The clearinghouse's own time when it sends one (newer answers do), epoch ms. */
  timeMs: number | null;
}

export interface TradingAccountProvider {
  /** What the data is, for provenance (`hyperliquid`). */
  readonly source: string;
  accountState(user: string, dex: string): Promise<PerpAccountState>;
}
