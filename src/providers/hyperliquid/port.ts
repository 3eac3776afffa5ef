/**
 * Hyperliquid's public market data (POST https://api.hyperliquid.xyz/info, no key), as the arena needs it:
 * the coin list, current mid prices (round strikes) and 1-minute candles (settlement). Coins are plain perp
 * names (`BTC`) or HIP-3 builder-dex names with their dex prefix (`xyz:GOLD`).
 */

/** The exact request sent, so anyone can send it again and compare (settlement audits). */
export interface InfoRequest {
  url: string;
  method: "POST";
  /** The JSON body, byte for byte as sent. */
  body: string;
}

/** One candle as Hyperliquid serves it; prices are decimal strings. */
export interface Candle {
  /** Open time, epoch ms. */
  t: number;
  /** Close time, epoch ms (t + interval - 1). */
  T: number;
  s: string;
  i: string;
  o: string;
  c: string;
  h: string;
  l: string;
  v: string;
  n: number;
}

export interface CandleSnapshot {
  request: InfoRequest;
  /** The response body text exactly as received. */
  rawBody: string;
  /** Oldest first. */
  candles: Candle[];
  /** Each candle's own JSON text (the upstream's object re-serialised with its key order), by index. */
  rawCandles: string[];
}

export interface MidPrices {
  request: InfoRequest;
  /** Coin -> mid price as the decimal string served (HIP-3 coins keep their `dex:` prefix). */
  mids: Record<string, string>;
}

export interface ListedCoin {
  name: string;
  /** "" for the first (native) perp dex, else the HIP-3 dex name. */
  dex: string;
  delisted: boolean;
}

export interface HyperliquidMarket {
  /** Perps listed on the given dexes ("" is the native dex); one `meta` request per dex. */
  listedCoins(dexes: readonly string[]): Promise<ListedCoin[]>;
  /** Mid prices of one dex's perps (`allMids`; "" is the native dex). */
  allMids(dex: string): Promise<MidPrices>;
  /** `candleSnapshot` for [startMs, endMs] inclusive. */
  candleSnapshot(coin: string, interval: string, startMs: number, endMs: number): Promise<CandleSnapshot>;
}

