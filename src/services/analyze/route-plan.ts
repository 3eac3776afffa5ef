import type { Interpretation } from "./question-parser.js";

/** One call /analyze makes: the operation (its operationId) and the parameters it sends. */
export interface RouteCall {
  operationId: string;
  path: string;
  params: Record<string, unknown>;
}

/** What the plan needs beyond the interpretation: the date the ticker's data ends (relative windows end there). */
export interface PlanContext {
  lastBarDate: (ticker: string) => Promise<string>;
}

const DAY_MS = 86_400_000;
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const RECENT_WINDOW_DAYS = 30;

/** The window to search or size on: as named, a relative one moved to end at the data's last bar, or the last 30 days. */
async function windowFor(i: Interpretation, ticker: string, context: PlanContext): Promise<{ start_date: string; end_date: string }> {
  if (i.window !== null && !i.window.relative) return { start_date: i.window.start, end_date: i.window.end };
  const end = addDays(await context.lastBarDate(ticker), 1);
  const lengthDays = i.window === null ? RECENT_WINDOW_DAYS : Math.round((Date.parse(i.window.end) - Date.parse(i.window.start)) / DAY_MS);
  return { start_date: addDays(end, -lengthDays), end_date: end };
}

const clampHorizon = (days: number | null, fallback: number) => Math.min(365, Math.max(1, days ?? fallback));

function moversCategory(matched: string): string {
  if (/gain|up the most|top/i.test(matched)) return "gainers";
  if (/los|down the most|drop/i.test(matched)) return "losers";
  if (/active/i.test(matched)) return "most_active";
  return "all";
}

/** /correlation_matrix's period nearest to the span the question names (default 1y). */
function correlationPeriod(i: Interpretation): string {
  const days = i.window === null ? i.horizonDays : Math.round((Date.parse(i.window.end) - Date.parse(i.window.start)) / DAY_MS);
  if (days === null) return "1y";
  const periods: [string, number][] = [["3mo", 91], ["6mo", 182], ["1y", 365], ["2y", 730], ["5y", 1826]];
  return periods.reduce((best, p) => (Math.abs(p[1] - days) < Math.abs(best[1] - days) ? p : best))[0];
}

/** The route call that answers an interpretation (compare is computed from bars and has none). */
export async function planRouteCall(i: Interpretation, context: PlanContext): Promise<RouteCall | undefined> {
  const [a, b] = i.tickers;
  const call = (operationId: string, path: string, params: Record<string, unknown>): RouteCall => ({ operationId, path, params });
  switch (i.intent) {
    case "move_after": {
      const forwardBars = i.horizonDays === null ? 20 : Math.max(1, Math.round((i.horizonDays * 5) / 7));
      return call("pattern_backtest", "/pattern_backtest", { ticker: a, lookback_days: i.move!.lookbackBars, forward_days: forwardBars, min_return: i.move!.return });
    }
    case "event_window":
      return call("forward_distribution", "/forward_distribution", { ticker: a, ...(await windowFor(i, a, context)), horizon_days: i.horizonDays === null ? "7,30,90" : String(clampHorizon(i.horizonDays, 30)) });
    case "forward_odds":
      return call("api_backtest", "/api/backtest", { ticker: a, horizon_days: String(clampHorizon(i.horizonDays, 30)) });
    case "sizing":
      return call("position_size", "/position_size", {
        ticker: a,
        ...(await windowFor(i, a, context)),
        horizon_days: clampHorizon(i.horizonDays, 30),
        ...(i.accountSizeUsd === null ? {} : { account_size: Math.min(i.accountSizeUsd, 1e12) }),
      });
    case "regime":
      return call("regime_detection", "/regime_detection", { ticker: a });
    case "signal":
      return call("trading_signal", "/trading/signal", { ticker: a, ...(i.horizonDays === null ? {} : { horizon_days: i.horizonDays }) });
    case "narrative":
      return call("api_narrative", "/api/narrative", { ticker: a });
    case "earnings_reaction":
      return call("earnings_surprise", "/earnings_surprise", { ticker: a });
    case "fundamentals":
      return call("get_fundamentals", "/get_fundamentals", { ticker: a });
    case "options":
      return call("get_options_chain", "/get_options_chain", { ticker: a });
    case "latest_price":
      return call("get_latest_price", "/get_latest_price", { ticker: a });
    case "correlation":
      return call("correlation_matrix", "/correlation_matrix", { tickers: [a, b].join(","), period: correlationPeriod(i) });
    case "optimize":
      return call("optimize_portfolio", "/optimize_portfolio", { tickers: i.tickers.slice(0, 30).join(",") });
    case "earnings_calendar":
      return call("get_earnings_calendar", "/get_earnings_calendar", i.day === null ? {} : { date: i.day });
    case "economic_calendar":
      return call("get_economic_calendar", "/get_economic_calendar", { period: i.econPeriod ?? "this_week" });
    case "movers":
      return call("get_market_movers", "/get_market_movers", { category: moversCategory(i.matched) });
    case "macro":
      return call("macro_analog", "/macro_analog", {});
    case "fear_greed":
      return call("get_fear_greed", "/get_fear_greed", {});
    case "sector_momentum":
      return call("api_sectors_momentum", "/api/sectors/momentum", {});
    case "momentum_scan":
      return call("api_momentum_scan", "/api/momentum/scan", {});
    case "daily_brief":
      return call("daily_brief", "/daily_brief", {});
    case "compare":
      return undefined;
  }
}
