import { validationError } from "../../../domain/app-error.js";
import {
  PERP_CANDLE_INTERVALS,
  type AccountState,
  type Candle,
  type DexAccountSummary,
  type PerpCandleInterval,
  type PerpPosition,
  type PerpsProvider,
} from "../port.js";
import type { HyperliquidInfoClient } from "./hyperliquid-info-client.js";
import { CandleSnapshotSchema, ClearinghouseStateSchema, type ClearinghouseState } from "./hyperliquid-schemas.js";

const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
/** Main-DEX coins ("BTC", "kPEPE") and HIP-3 coins ("xyz:GOLD"). */
const COIN_RE = /^(?:[a-z0-9]{1,16}:)?[A-Za-z0-9]{1,20}$/;
const DEX_RE = /^[a-z0-9]{0,16}$/;

export interface HyperliquidPerpsProviderDeps {
  info: HyperliquidInfoClient;
}

/** Sums one field over the per-DEX snapshots. */
function sum<T>(items: T[], pick: (item: T) => number): number {
  return items.reduce((total, item) => total + pick(item), 0);
}

function mapPositions(dex: string, state: ClearinghouseState): PerpPosition[] {
  return state.assetPositions.map(({ position: p }) => ({
    dex,
    // HIP-3 coins are reported with their DEX prefix; add it if a DEX ever omits it, so coins never collide.
    coin: dex !== "" && !p.coin.includes(":") ? `${dex}:${p.coin}` : p.coin,
    size: p.szi,
    entryPx: p.entryPx,
    positionValueUsd: p.positionValue,
    unrealizedPnlUsd: p.unrealizedPnl,
    returnOnEquity: p.returnOnEquity,
    liquidationPx: p.liquidationPx,
    marginUsedUsd: p.marginUsed,
    leverage: { type: p.leverage.type, value: p.leverage.value },
    maxLeverage: p.maxLeverage ?? null,
    cumFundingAllTimeUsd: p.cumFunding?.allTime ?? null,
  }));
}

function summarize(dex: string, state: ClearinghouseState): DexAccountSummary {
  return {
    dex,
    accountValueUsd: state.marginSummary.accountValue,
    totalNotionalUsd: state.marginSummary.totalNtlPos,
    marginUsedUsd: state.marginSummary.totalMarginUsed,
    withdrawableUsd: state.withdrawable,
    crossMaintenanceMarginUsedUsd: state.crossMaintenanceMarginUsed ?? null,
    timeMs: state.time ?? null,
  };
}

/**
 * Hyperliquid candles (arena settlement) and account state. The venue serves only the most recent
 * 5000 candles per interval (1m is about 3.5 days), so settlement must fetch and persist promptly.
 */
export class HyperliquidPerpsProvider implements PerpsProvider {
  readonly name = "hyperliquid";
  private readonly info: HyperliquidInfoClient;

  constructor(deps: HyperliquidPerpsProviderDeps) {
    this.info = deps.info;
  }

  async candles(coin: string, interval: PerpCandleInterval, fromMs: number, toMs: number): Promise<Candle[]> {
    if (!COIN_RE.test(coin)) throw validationError("coin", "must be a Hyperliquid coin such as BTC or xyz:GOLD");
    if (!(PERP_CANDLE_INTERVALS as readonly string[]).includes(interval)) {
      throw validationError("interval", `must be one of ${PERP_CANDLE_INTERVALS.join(", ")}`);
    }
    if (!Number.isFinite(fromMs)) throw validationError("from", "must be a finite epoch ms");
    if (!Number.isFinite(toMs)) throw validationError("to", "must be a finite epoch ms");
    if (fromMs >= toMs) return [];

    const rows = await this.info.post(
      { type: "candleSnapshot", req: { coin, interval, startTime: fromMs, endTime: toMs } },
      CandleSnapshotSchema,
      `candleSnapshot ${coin} ${interval}`,
    );
    // The venue also returns the candle that merely contains startTime; we select by open time.
    const byOpen = new Map<number, Candle>();
    for (const r of rows) {
      if (r.t < fromMs || r.t >= toMs) continue;
      byOpen.set(r.t, { openTimeMs: r.t, closeTimeMs: r.T, open: r.o, high: r.h, low: r.l, close: r.c, volume: r.v, tradeCount: r.n });
    }
    return [...byOpen.values()].sort((a, b) => a.openTimeMs - b.openTimeMs);
  }

  async account(user: string, dexes: string[]): Promise<AccountState> {
    if (!ADDRESS_RE.test(user)) throw validationError("user", "must be a 0x-prefixed address of 40 hex digits");
    for (const dex of dexes) {
      if (!DEX_RE.test(dex)) throw validationError("dexes", `"${dex}" is not a DEX name ("" or lower-case letters/digits)`);
    }
    const address = user.toLowerCase();
    const wanted = [...new Set(dexes.length === 0 ? [""] : dexes)];
    // Each HIP-3 DEX keeps its own clearinghouse, so one request per DEX, merged below.
    const states = await Promise.all(
      wanted.map(async (dex) => ({
        dex,
        state: await this.info.post({ type: "clearinghouseState", user: address, dex }, ClearinghouseStateSchema, `clearinghouseState dex "${dex}"`),
      })),
    );
    const summaries = states.map(({ dex, state }) => summarize(dex, state));
    const positions = states.flatMap(({ dex, state }) => mapPositions(dex, state));
    const times = summaries.map((s) => s.timeMs).filter((t): t is number => t !== null);
    return {
      user: address,
      equityUsd: sum(summaries, (s) => s.accountValueUsd),
      unrealizedPnlUsd: sum(positions, (p) => p.unrealizedPnlUsd),
      marginUsedUsd: sum(summaries, (s) => s.marginUsedUsd),
      withdrawableUsd: sum(summaries, (s) => s.withdrawableUsd),
      positions,
      dexes: summaries,
      timeMs: times.length > 0 ? Math.max(...times) : null,
    };
  }
}
