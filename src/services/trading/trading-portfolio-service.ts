import { AppError } from "../../domain/app-error.js";
import type { Clock } from "../../domain/clock.js";
import type { PerpAccountState, PerpPosition, TradingAccountProvider } from "../../providers/trading-account/port.js";

/** The clearinghouses an account has: the main perp DEX ("") and the HIP-3 xyz DEX, where `xyz:` perps live. */
export const PORTFOLIO_DEXES = ["", "xyz"] as const;

export interface PortfolioPosition extends PerpPosition {
  dex: string;
}

export interface TradingPortfolio {
  address: string;
  addressSource: "parameter" | "TRADING_ACCOUNT";
  source: string;
  fetchedAtMs: number;
  states: PerpAccountState[];
  positions: PortfolioPosition[];
  equity: number;
  totalUnrealizedPnl: number;
  totalMarginUsed: number;
  totalNotional: number;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/**
 * The live positions of one perp account, read from every DEX clearinghouse and merged: equity and margin
 * are the sums of the DEXes' account values and margin (each DEX holds its own collateral).
 */
export class TradingPortfolioService {
  constructor(
    private readonly provider: TradingAccountProvider,
    /** TRADING_ACCOUNT: the account shown when the caller names none. */
    private readonly defaultAccount: string | undefined,
    private readonly clock: Clock,
  ) {}

  async portfolio(address: string | undefined): Promise<TradingPortfolio> {
    const chosen = address ?? this.defaultAccount;
    if (chosen === undefined) {
      // The spec's call takes no parameter: the account is the operator's. Not the caller's mistake, so not a 422.
      const issue = "TRADING_ACCOUNT is not set on this node";
      throw new AppError(
        "NOT_FOUND",
        `No trading account to show: ${issue}. The operator sets TRADING_ACCOUNT=0x... (a Hyperliquid account); any caller may name ` +
          "an account with address=0x... (40 hex digits, this service's extension). Nothing was charged.",
        { details: [{ issue }] },
      );
    }
    const user = chosen.toLowerCase();
    const states = await Promise.all(PORTFOLIO_DEXES.map((dex) => this.provider.accountState(user, dex)));
    const positions = states.flatMap((s) => s.positions.map((p) => ({ ...p, dex: s.dex })));
    return {
      address: user,
      addressSource: address === undefined ? "TRADING_ACCOUNT" : "parameter",
      source: this.provider.source,
      fetchedAtMs: this.clock.nowMs(),
      states,
      positions,
      equity: sum(states.map((s) => s.accountValue)),
      totalUnrealizedPnl: sum(positions.map((p) => p.unrealizedPnl)),
      totalMarginUsed: sum(states.map((s) => s.totalMarginUsed)),
      totalNotional: sum(states.map((s) => s.totalNotional)),
    };
  }
}
