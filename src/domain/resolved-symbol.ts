import { z } from "zod";

export const AssetClassSchema = z.enum(["equity", "etf", "crypto", "commodity", "index", "fx", "rate"]);
export type AssetClass = z.infer<typeof AssetClassSchema>;

/**
 * A caller's ticker after symbol resolution. `ticker` is what we echo back to the caller (upper-cased,
 * `xyz:` prefix kept); `source` is the upstream symbol bars are fetched and cached under (Yahoo's, e.g.
 * `BRK-B`, `BTC-USD`, `GC=F`); `perpCoin` is the Hyperliquid coin where one exists (`BTC`, `xyz:GOLD`).
 */
export interface ResolvedSymbol {
  ticker: string;
  source: string;
  assetClass: AssetClass;
  perpCoin?: string;
}
