import { tradingPortfolioContract, type TradingPortfolioParams } from "../../../contracts/trading/trading-portfolio.js";
import type { TradingPortfolioService } from "../../../services/trading/trading-portfolio-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

const dexName = (dex: string) => (dex === "" ? ("main" as const) : ("xyz" as const));

export function tradingPortfolioRoute(portfolios: TradingPortfolioService): RouteModule {
  return operationRoute(tradingPortfolioContract, async (params: TradingPortfolioParams) => {
    const p = await portfolios.portfolio(params.address);
    return {
      address: p.address,
      address_source: p.addressSource,
      source: p.source,
      fetched_at: new Date(p.fetchedAtMs).toISOString(),
      equity: p.equity,
      total_unrealized_pnl: p.totalUnrealizedPnl,
      total_margin_used: p.totalMarginUsed,
      total_notional: p.totalNotional,
      positions: p.positions.map((x) => ({
        coin: x.coin,
        dex: dexName(x.dex),
        side: x.size < 0 ? ("short" as const) : ("long" as const),
        size: Math.abs(x.size),
        entry_price: x.entryPrice,
        mark_price: x.size === 0 ? null : x.positionValue / Math.abs(x.size),
        position_value: x.positionValue,
        unrealized_pnl: x.unrealizedPnl,
        return_on_equity: x.returnOnEquity,
        leverage: x.leverage,
        liquidation_price: x.liquidationPrice,
        margin_used: x.marginUsed,
      })),
      dexes: p.states.map((s) => ({
        dex: dexName(s.dex),
        account_value: s.accountValue,
        total_margin_used: s.totalMarginUsed,
        total_notional: s.totalNotional,
        withdrawable: s.withdrawable,
        clearinghouse_time: s.timeMs === null ? null : new Date(s.timeMs).toISOString(),
        positions: s.positions.length,
      })),
    };
  });
}
