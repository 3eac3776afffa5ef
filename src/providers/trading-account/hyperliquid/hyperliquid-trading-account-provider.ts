import { feedHttpClient, parseJsonBody, parseMapped, unexpectedStatus, type FeedClientDeps } from "../../feeds/feed-http.js";
import type { HttpClient } from "../../http/http-client.js";
import type { PerpAccountState, TradingAccountProvider } from "../port.js";
import { ClearinghouseStateSchema } from "./clearinghouse-state-schema.js";

export const HYPERLIQUID_INFO_URL = "https://api.hyperliquid.xyz/info";
const UPSTREAM = "Hyperliquid";

/**
 * Account state from Hyperliquid's public info endpoint (no key): one `clearinghouseState` request per DEX.
 * Transient trouble (429, 5xx, timeouts) is retried by the shared client and then reported as 503.
 */
export class HyperliquidTradingAccountProvider implements TradingAccountProvider {
  readonly source = "hyperliquid";
  private readonly http: HttpClient;

  constructor(deps: FeedClientDeps = {}) {
    // clearinghouseState weighs 2 of the 1200-per-minute budget: two DEXes per call leave plenty of room.
    this.http = feedHttpClient(UPSTREAM, deps, { timeoutMs: 10_000, maxRetries: 2 });
  }

  async accountState(user: string, dex: string): Promise<PerpAccountState> {
    const res = await this.http.fetch(HYPERLIQUID_INFO_URL, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ type: "clearinghouseState", user, dex }),
    });
    const text = await res.text();
    if (res.status !== 200) throw unexpectedStatus(UPSTREAM, res.status);
    const state = parseMapped(UPSTREAM, ClearinghouseStateSchema, parseJsonBody(UPSTREAM, text));
    return {
      dex,
      accountValue: state.marginSummary.accountValue,
      totalMarginUsed: state.marginSummary.totalMarginUsed,
      totalNotional: state.marginSummary.totalNtlPos,
      withdrawable: state.withdrawable ?? null,
      timeMs: state.time ?? null,
      positions: state.assetPositions.map(({ position: p }) => ({
        coin: p.coin,
        size: p.szi,
        entryPrice: p.entryPx ?? null,
        positionValue: p.positionValue,
        unrealizedPnl: p.unrealizedPnl,
        returnOnEquity: p.returnOnEquity ?? null,
        leverage: p.leverage,
        liquidationPrice: p.liquidationPx,
        marginUsed: p.marginUsed,
      })),
    };
  }
}
