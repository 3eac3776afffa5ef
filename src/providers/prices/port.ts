import type { Bar, Timeframe } from "../../domain/bar.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";

/**
 * Bars for one symbol. Implementations return domain bars ascending by `tsMs`, restricted to
 * `fromMs <= tsMs < toMs`, with rows that have a non-finite close dropped.
 *
 * Errors (all `AppError`): `UNKNOWN_TICKER` when the source has never heard of the symbol,
 * `RANGE_UNAVAILABLE` when the source cannot serve that far back for the timeframe,
 * `UPSTREAM_UNAVAILABLE` (with `retryAfterSeconds`) for transient trouble, `UPSTREAM_SCHEMA_CHANGED` when
 * the upstream answer no longer has the shape we map. An empty range (weekend) is `[]`, not an error.
 */
export interface PriceProvider {
  readonly name: string;
  bars(symbol: ResolvedSymbol, timeframe: Timeframe, fromMs: number, toMs: number): Promise<Bar[]>;
}

export const MoverCategorySchemaValues = ["gainers", "losers", "most_active"] as const;
export type MoverCategory = (typeof MoverCategorySchemaValues)[number];

export interface Mover {
  symbol: string;
  name: string | null;
  price: number;
  /** 1-day change as a decimal (0.012 = +1.2%). */
  changePct: number;
  volume: number | null;
  marketCap: number | null;
  /** Epoch ms of the trading day (offline: the bar's date) or quote time (live) the row describes; null when the source omits it. */
  asOfMs: number | null;
}

/** Top US stocks by the day's move or volume, as ranked by the source. */
export interface MoversProvider {
  readonly name: string;
  /** Which names the lists rank, for the caller (the answer's `universe`). */
  readonly universe: string;
  movers(category: MoverCategory, count: number): Promise<Mover[]>;
}
