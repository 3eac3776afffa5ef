import { AppError } from "./app-error.js";
import type { AssetClass, ResolvedSymbol } from "./resolved-symbol.js";
import { ownValue } from "./own-value.js";

/**
 * Turns a caller's ticker into the symbol every price family fetches and caches under
 * (data-sources.md §1). Pure and table driven: nothing here guesses a Yahoo symbol.
 *
 * Precedence, in this order:
 * 1. `xyz:<ALIAS>` is Hyperliquid's HIP-3 "xyz" DEX; only aliases in XYZ_ALIASES resolve.
 * 2. A plain symbol in CRYPTO is crypto. The crypto map WINS over a US stock with the same ticker,
 *    because the product serves crypto by plain symbol: `SOL`, `LINK`, `LTC`, `BCH`, `APT` and `UNI`
 *    are also US-listed tickers (Emeren, Interlink, LTC Properties, Banco de Chile, Alpha Pro Tech, …)
 *    and those equities are not reachable through this resolver.
 * 3. `<SYM>-USD` is a Yahoo crypto pair: a known coin maps to its table entry (so `HYPE-USD` becomes
 *    `HYPE32196-USD`, Yahoo's plain `HYPE-USD` being another coin), an unknown one passes through.
 * 4. Macro symbols are taken as given: `^INDEX`, `XX=F` futures, `EURUSD=X`/`JPY=X` FX.
 * 5. Anything else shaped like a stock ticker is an equity (an ETF when listed in ETFS).
 */

interface CryptoEntry {
  source: string;
  /** The Hyperliquid perp name when it differs from the plain symbol (1000x contracts are `k`-prefixed). */
  perpCoin?: string;
}

/** Yahoo crypto symbols. Colliding names carry Yahoo's numeric suffix (data-sources.md §0.4). */
const CRYPTO: Readonly<Record<string, CryptoEntry>> = {
  BTC: { source: "BTC-USD" },
  ETH: { source: "ETH-USD" },
  SOL: { source: "SOL-USD" },
  HYPE: { source: "HYPE32196-USD" },
  SUI: { source: "SUI20947-USD" },
  APT: { source: "APT21794-USD" },
  UNI: { source: "UNI7083-USD" },
  ARB: { source: "ARB11841-USD" },
  TON: { source: "TON11419-USD" },
  PEPE: { source: "PEPE24478-USD", perpCoin: "kPEPE" },
  XRP: { source: "XRP-USD" },
  DOGE: { source: "DOGE-USD" },
  ADA: { source: "ADA-USD" },
  AVAX: { source: "AVAX-USD" },
  LINK: { source: "LINK-USD" },
  DOT: { source: "DOT-USD" },
  LTC: { source: "LTC-USD" },
  BNB: { source: "BNB-USD" },
  BCH: { source: "BCH-USD" },
  TRX: { source: "TRX-USD" },
  XLM: { source: "XLM-USD" },
  AAVE: { source: "AAVE-USD" },
};

interface AliasEntry {
  source: string;
  assetClass: AssetClass;
}

/**
 * `xyz:` aliases -> Yahoo history symbol. Futures are front-month continuous contracts (roll gaps show
 * in history). FX direction: Yahoo `JPY=X` quotes USD/JPY (yen per dollar, ~150); whether `xyz:JPY`
 * quotes the same direction or its inverse is NOT verified, so callers comparing the two must check.
 */
const XYZ_ALIASES: Readonly<Record<string, AliasEntry>> = {
  GOLD: { source: "GC=F", assetClass: "commodity" },
  SILVER: { source: "SI=F", assetClass: "commodity" },
  CL: { source: "CL=F", assetClass: "commodity" },
  BRENTOIL: { source: "BZ=F", assetClass: "commodity" },
  NATGAS: { source: "NG=F", assetClass: "commodity" },
  COPPER: { source: "HG=F", assetClass: "commodity" },
  PLATINUM: { source: "PL=F", assetClass: "commodity" },
  SP500: { source: "^GSPC", assetClass: "index" },
  XYZ100: { source: "^NDX", assetClass: "index" },
  JP225: { source: "^N225", assetClass: "index" },
  EUR: { source: "EURUSD=X", assetClass: "fx" },
  JPY: { source: "JPY=X", assetClass: "fx" },
  SKHX: { source: "000660.KS", assetClass: "equity" },
  SMSN: { source: "005930.KS", assetClass: "equity" },
  SOFTBANK: { source: "9984.T", assetClass: "equity" },
};

/** Equity perps on the xyz DEX whose alias is the US ticker itself (the set known to us, not the live list). */
const XYZ_US_EQUITIES: ReadonlySet<string> = new Set([
  "NVDA", "TSLA", "AAPL", "MSFT", "GOOGL", "AMZN", "META", "AMD", "NFLX", "PLTR",
  "COIN", "HOOD", "MSTR", "ORCL", "INTC", "MU",
]);

/** A small, deliberate ETF list: broad index, sector SPDRs and a few macro ETFs. Others read as "equity". */
const ETFS: ReadonlySet<string> = new Set([
  "SPY", "QQQ", "IWM", "DIA", "VOO", "VTI", "IVV", "RSP", "EFA", "EEM", "TLT", "IEF", "SHY", "HYG",
  "LQD", "GLD", "SLV", "USO", "UNG", "ARKK", "SMH", "SOXX",
  "XLK", "XLF", "XLE", "XLV", "XLI", "XLY", "XLP", "XLU", "XLB", "XLRE", "XLC",
]);

/** Yield indices quote a rate in percent (`^TNX` 4.25 = 4.25 %), not a price. */
const RATE_INDICES: ReadonlySet<string> = new Set(["^TNX", "^IRX", "^FVX", "^TYX"]);
/** Equity-index futures are indices, not commodities. */
const INDEX_FUTURES: ReadonlySet<string> = new Set(["ES=F", "NQ=F", "YM=F", "RTY=F"]);

const MAX_INPUT_LENGTH = 24;
const CRYPTO_PAIR_RE = /^([A-Z0-9]{1,15})-USD$/;
const INDEX_RE = /^\^[A-Z0-9]{1,10}$/;
const FUTURE_RE = /^[A-Z]{1,4}=F$/;
const FX_RE = /^(?:[A-Z]{6}|[A-Z]{3})=X$/;
/**
 * US ticker with an optional share class (`BRK.B` or `BRK-B`). A single letter after a letter root is
 * always read as a share class, so London's `OCDO.L` is not reachable (use a 2-3 letter suffix market).
 */
const US_EQUITY_RE = /^([A-Z]{1,6})(?:[.-]([A-Z]))?$/;
/** Non-US Yahoo listing: numeric code or a multi-letter exchange suffix (`000660.KS`, `9984.T`, `SAP.DE`). */
const FOREIGN_EQUITY_RE = /^(?:[0-9][A-Z0-9]{0,9}\.[A-Z]{1,3}|[A-Z0-9]{1,10}\.[A-Z]{2,3})$/;

function unknownTicker(input: string, why: string): AppError {
  return new AppError("UNKNOWN_TICKER", `Unknown ticker "${input}": ${why}`, {
    details: [{ param: "ticker", issue: why }],
  });
}

function resolveXyz(alias: string, input: string): ResolvedSymbol {
  const ticker = `xyz:${alias}`;
  const entry = ownValue(XYZ_ALIASES, alias);
  if (entry) return { ticker, source: entry.source, assetClass: entry.assetClass, perpCoin: ticker };
  if (XYZ_US_EQUITIES.has(alias)) return { ticker, source: alias, assetClass: "equity", perpCoin: ticker };
  throw unknownTicker(input, "not a known xyz: alias");
}

function cryptoSymbol(plain: string, entry: CryptoEntry, ticker: string): ResolvedSymbol {
  return { ticker, source: entry.source, assetClass: "crypto", perpCoin: entry.perpCoin ?? plain };
}

/** Resolves a caller's ticker; throws AppError UNKNOWN_TICKER when it cannot be mapped. */
export function resolveSymbol(input: string): ResolvedSymbol {
  const trimmed = input.trim();
  if (trimmed === "") throw unknownTicker(input, "empty");
  if (trimmed.length > MAX_INPUT_LENGTH) throw unknownTicker(trimmed, "too long");

  const colon = trimmed.indexOf(":");
  if (colon >= 0) {
    // Only the xyz DEX prefix is meaningful; the dex name is case-insensitive, the alias upper-cased.
    const prefix = trimmed.slice(0, colon).toLowerCase();
    const alias = trimmed.slice(colon + 1).toUpperCase();
    if (prefix !== "xyz") throw unknownTicker(trimmed, `unsupported prefix "${prefix}:"`);
    if (!/^[A-Z0-9]{1,12}$/.test(alias)) throw unknownTicker(trimmed, "invalid xyz: alias");
    return resolveXyz(alias, trimmed);
  }

  const sym = trimmed.toUpperCase();
  const crypto = ownValue(CRYPTO, sym);
  if (crypto) return cryptoSymbol(sym, crypto, sym);

  const pair = CRYPTO_PAIR_RE.exec(sym);
  if (pair) {
    // Match on the plain coin (`HYPE-USD`) or on the exact Yahoo symbol (`HYPE32196-USD`).
    const base = pair[1] as string;
    const plain = ownValue(CRYPTO, base) ? base : Object.entries(CRYPTO).find(([, entry]) => entry.source === sym)?.[0];
    if (plain) return cryptoSymbol(plain, ownValue(CRYPTO, plain) as CryptoEntry, sym);
    // An unknown pair was typed by the caller in Yahoo's own form; no Hyperliquid coin is implied.
    return { ticker: sym, source: sym, assetClass: "crypto" };
  }

  if (INDEX_RE.test(sym)) {
    return { ticker: sym, source: sym, assetClass: RATE_INDICES.has(sym) ? "rate" : "index" };
  }
  if (FUTURE_RE.test(sym)) {
    return { ticker: sym, source: sym, assetClass: INDEX_FUTURES.has(sym) ? "index" : "commodity" };
  }
  if (FX_RE.test(sym)) return { ticker: sym, source: sym, assetClass: "fx" };

  const us = US_EQUITY_RE.exec(sym);
  if (us) {
    const root = us[1] as string;
    const shareClass = us[2];
    // Callers write share classes with a dot (BRK.B); Yahoo wants a dash (BRK-B).
    const ticker = shareClass ? `${root}.${shareClass}` : root;
    const source = shareClass ? `${root}-${shareClass}` : root;
    return { ticker, source, assetClass: ETFS.has(ticker) ? "etf" : "equity" };
  }
  if (FOREIGN_EQUITY_RE.test(sym)) return { ticker: sym, source: sym, assetClass: "equity" };

  throw unknownTicker(trimmed, "not a recognised ticker syntax");
}

/** A stock listed in the US (share classes included; funds, foreign listings and every other class excluded). */
export function isUsEquity(symbol: ResolvedSymbol): boolean {
  return symbol.assetClass === "equity" && US_EQUITY_RE.test(symbol.source);
}
