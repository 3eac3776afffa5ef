/**
 * Every route of both spec documents (core-api.txt and companion-api.txt), with its price from the spec's
 * billing tables (core-api §4.8, companion-api §4). Prices, the x402 route config, discovery documents,
 * the `/api` catalog and MCP tools are all generated from this table; a test checks every price against
 * the spec text. A route is served only once an implementation is registered for its operationId.
 */

export type RouteFamily =
  | "patterns"
  | "analytics"
  | "market-data"
  | "calendars"
  | "analysis"
  | "trading"
  | "alerts"
  | "signing"
  | "demand"
  | "router"
  | "census"
  | "probe"
  | "arena"
  | "ads"
  | "fulfilment"
  | "discovery"
  | "dev";

export type RoutePrice =
  | { kind: "fixed"; usd: number }
  | { kind: "free" }
  /** Priced per request from its parameters; `rule` is the documented formula, min/max the bounds when it has them. */
  | { kind: "dynamic"; rule: string; minUsd?: number; maxUsd?: number };

export type HttpMethod = "GET" | "POST";

export interface CatalogRoute {
  operationId: string;
  path: string;
  methods: readonly HttpMethod[];
  price: RoutePrice;
  family: RouteFamily;
  summary: string;
}

const BOTH: readonly HttpMethod[] = ["GET", "POST"];
const GET_ONLY: readonly HttpMethod[] = ["GET"];
const usd = (value: number): RoutePrice => ({ kind: "fixed", usd: value });
const FREE: RoutePrice = { kind: "free" };

/**
 * The search-based routes (pattern searches, forecasts, playbooks, screens, backtests and the other
 * analytics over whole histories): the edge admits only a few paid calls of them at once
 * (http/middleware/heavy-route-bulkhead.ts), so they cannot crowd out the cheap routes.
 */
export function isHeavyRoute(route: CatalogRoute | undefined): boolean {
  return route !== undefined && route.price.kind !== "free" && (route.family === "patterns" || route.family === "analytics");
}

/** snake_case of the path: the operationId, price key and MCP tool name (`/api/demand/top` -> `api_demand_top`). */
export function operationIdForPath(path: string): string {
  return path.replace(/^\/+/, "").replace(/[/.-]+/g, "_").replace(/^_+/, "");
}

type Row = [path: string, methods: readonly HttpMethod[], price: RoutePrice, family: RouteFamily, summary: string];

const ROWS: Row[] = [
  // core-api §4.1-4.2: pattern intelligence
  ["/get_patterns_raw", BOTH, usd(0.05), "patterns", "Top-k historical analogs of a price window, without forward statistics"],
  ["/get_patterns", BOTH, usd(0.05), "patterns", "Top-k historical analogs of a price window with forward-return summary"],
  ["/get_patterns_ohlc", BOTH, usd(0.05), "patterns", "Top-k historical analogs with the OHLC bars of each match"],
  ["/screen", BOTH, usd(0.05), "patterns", "Screen up to 50 tickers for the best analog of a window"],
  // core-api §4.4: pattern analytics
  ["/regime_detection", BOTH, usd(0.05), "analytics", "Top-3 analogs of the recent window with forward returns and a regime label"],
  ["/pattern_backtest", BOTH, usd(0.1), "analytics", "Walk-forward outcome distribution of every window matching a return profile"],
  ["/forward_distribution", BOTH, usd(0.05), "analytics", "Forward-return percentiles after a window's analogs"],
  ["/playbook", BOTH, usd(0.1), "analytics", "What peers did after the ticker window's analogs"],
  ["/macro_analog", BOTH, usd(0.05), "analytics", "Historical periods whose VIX, 10y yield, S&P 500 and gold state match today's"],
  ["/correlation_matrix", BOTH, usd(0.02), "analytics", "Pairwise return correlations, strongest and weakest pairs, diversification score"],
  ["/position_size", BOTH, usd(0.05), "analytics", "Position sizing derived from the forward distribution"],
  ["/earnings_surprise", BOTH, usd(0.02), "analysis", "Earnings surprise history and price reactions"],
  ["/api/earnings-surprise", BOTH, usd(0.02), "analysis", "Earnings surprise history and price reactions"],
  ["/analyze", BOTH, usd(0.02), "analysis", "Answer a natural-language market question from the service's data"],
  ["/daily_brief", BOTH, usd(0.02), "analysis", "Sentiment, movers, earnings and macro events in one call"],
  ["/api/narrative", BOTH, usd(0.05), "analysis", "Price momentum, news sentiment and a theme tag for one asset"],
  ["/api/momentum/scan", BOTH, usd(0.05), "analytics", "Every name of the universe ranked by momentum"],
  ["/api/sectors/momentum", BOTH, usd(0.05), "analytics", "Sector and theme ETFs ranked by momentum, with leader names"],
  ["/api/signals/live", BOTH, usd(0.1), "trading", "Latest algorithmic signal per requested asset"],
  ["/api/portfolio-factors", BOTH, usd(0.05), "analytics", "Price-based factor decomposition of a book"],
  ["/api/backtest", BOTH, usd(0.1), "analytics", "Historical-analog forward-return distribution for a ticker's recent shape"],
  ["/api", BOTH, usd(0.01), "discovery", "Endpoint catalog with pricing"],
  // core-api §4.3: market data, calendars, financial analysis
  ["/get_latest_price", BOTH, usd(0.001), "market-data", "Latest close and 1-day change"],
  ["/get_price_history", BOTH, usd(0.005), "market-data", "Price history: OHLC bars between two dates"],
  ["/get_market_movers", BOTH, usd(0.001), "market-data", "Top US gainers, losers and most active stocks"],
  ["/get_fear_greed", BOTH, usd(0.001), "market-data", "Fear & Greed sentiment index"],
  ["/get_hardware_prices", BOTH, usd(0.01), "market-data", "Semiconductor index and retail hardware prices"],
  ["/get_earnings_calendar", BOTH, usd(0.001), "calendars", "Earnings reports on a date"],
  ["/get_economic_calendar", BOTH, usd(0.001), "calendars", "Economic events by period, currency and importance"],
  ["/get_trends", BOTH, usd(0.01), "calendars", "Search trends by period and country"],
  ["/search_preprints", BOTH, usd(0.01), "calendars", "Preprint search"],
  ["/get_fundamentals", BOTH, usd(0.001), "analysis", "Valuation, margins, growth, balance sheet and analyst targets"],
  ["/get_options_chain", BOTH, usd(0.05), "analysis", "Calls and puts with IV, open interest and put/call ratio"],
  ["/optimize_portfolio", BOTH, usd(0.05), "analysis", "Long-only mean-variance portfolio weights"],
  // core-api §4.5: trading intelligence
  ["/trading/signal", BOTH, usd(0.1), "trading", "Directional recommendation for one ticker"],
  ["/trading/scan", BOTH, usd(0.1), "trading", "Top-N ranked setups across the 22-ticker universe"],
  ["/trading/portfolio", BOTH, usd(0.0001), "trading", "Live positions, unrealized PnL and account equity"],
  ["/trading/performance", BOTH, usd(0.05), "trading", "Win rate, average return and risk-adjusted ratio of fired signals"],
  ["/trading/signals/history", BOTH, usd(0.05), "trading", "Log of every signal fired with outcomes"],
  // core-api §4.6: alerts
  ["/watch/register", BOTH, usd(0.02), "alerts", "Register a price alert delivered by webhook"],
  ["/watch/status", BOTH, FREE, "alerts", "Status of a price alert"],
  ["/watch/cancel", BOTH, FREE, "alerts", "Cancel a price alert"],
  ["/pattern_alert", BOTH, usd(0.05), "alerts", "Register a pattern alert delivered by webhook"],
  ["/pattern_alert/status", BOTH, FREE, "alerts", "Status of a pattern alert"],
  ["/pattern_alert/cancel", BOTH, FREE, "alerts", "Cancel a pattern alert"],
  // core-api §4.7: the spec gives no price; verifying our own signatures is free so anyone can audit.
  ["/verify_signature", BOTH, FREE, "signing", "Verify a response signature"],
  // companion-api §4
  ["/api/demand/about", GET_ONLY, FREE, "demand", "Free sample of the agent-demand reports"],
  ["/api/demand/top", BOTH, usd(0.1), "demand", "Ranked observed agent demand by endpoint and category"],
  ["/api/demand/unmet", BOTH, usd(0.1), "demand", "Requests that hit missing or gated routes, as a build order"],
  ["/api/demand/conversion", BOTH, usd(0.1), "demand", "Quote-to-pay rates by category and price band"],
  ["/api/demand/competitors", BOTH, usd(0.1), "demand", "Supply census and which agent ecosystems crawl"],
  ["/api/demand/intent", BOTH, usd(0.25), "demand", "Declared intent from the router"],
  ["/api/demand/crawl-to-refer", BOTH, usd(0.1), "demand", "Every AI company's crawl-to-referral ratio, with method"],
  ["/api/demand/matches", BOTH, usd(0.25), "demand", "Unmet demand crossed against existing sellers"],
  ["/api/demand/pricing", BOTH, usd(0.25), "demand", "Pricing guidance from observed demand"],
  ["/api/demand/reliability", BOTH, usd(0.1), "demand", "Provider reliability"],
  ["/api/discover", GET_ONLY, FREE, "router", "Rank x402 providers for a free-text need"],
  ["/api/discover/outcome", ["POST"], FREE, "router", "Report which router result was chosen and whether it helped"],
  ["/api/discover/go", GET_ONLY, FREE, "router", "Redirect to a router result"],
  // The census and round-listing paths are not named by the spec; these are our names (documented in OpenAPI).
  ["/api/track-record", GET_ONLY, FREE, "analytics", "Public track record of every forecast sold, scored against baselines"],
  ["/api/census", BOTH, usd(0.1), "census", "Census of the public x402 discovery indexes"],
  ["/api/probe", BOTH, usd(0.15), "probe", "x402 conformance findings for one origin"],
  ["/api/arena/rounds", GET_ONLY, FREE, "arena", "Open forecasting rounds"],
  ["/api/arena/predict", BOTH, usd(0.01), "arena", "Enter a probability for a round"],
  ["/api/arena/diagnostic", BOTH, usd(0.25), "arena", "The caller's own forecasting diagnosis"],
  ["/api/arena/performance", BOTH, usd(0.1), "arena", "Measured forecasting skill of agents"],
  ["/api/arena/sponsor", BOTH, { kind: "dynamic", rule: "amount_usd parameter (1.00 to 1000.00 USD), paid as given", minUsd: 1, maxUsd: 1000 }, "arena", "Sponsor an arena season"],
  ["/api/ads/campaign", BOTH, { kind: "dynamic", rule: "budget_usd parameter (1.00 to 1000.00 USD), paid as given", minUsd: 1, maxUsd: 1000 }, "ads", "Buy a sponsored placement"],
  ["/api/ads/rate-card", GET_ONLY, FREE, "ads", "Advertising rate card"],
  ["/api/ads/network", GET_ONLY, FREE, "ads", "Advertising network statistics"],
  ["/api/ads/serve", GET_ONLY, FREE, "ads", "A sponsored item for publishers"],
  // Not named by the spec (our names, documented in OpenAPI): a campaign's status, and the click redirect of a served item.
  ["/api/ads/campaign/status", BOTH, FREE, "ads", "Status of an advertising campaign"],
  ["/api/ads/click", GET_ONLY, FREE, "ads", "Click redirect of a sponsored item"],
  ["/api/route", BOTH, { kind: "dynamic", rule: "the seller's quoted price plus a 5% fee, quoted before payment" }, "fulfilment", "Buy the requested item from a seller for the caller"],
  ["/what-agents-want", GET_ONLY, FREE, "demand", "Weekly report of measured agent demand"],
  // Discovery documents (core-api §1.7) and the embedded-mode faucet.
  ["/openapi.json", GET_ONLY, FREE, "discovery", "OpenAPI 3.1 description"],
  ["/docs", GET_ONLY, FREE, "discovery", "Interactive API documentation"],
  ["/.well-known/x402", GET_ONLY, FREE, "discovery", "x402 discovery document"],
  ["/.well-known/api-catalog", GET_ONLY, FREE, "discovery", "RFC 9727 API catalog"],
  ["/llms.txt", GET_ONLY, FREE, "discovery", "Plain-text guide for language models"],
  ["/dev/faucet", ["POST"], FREE, "dev", "Mint test USDC on the embedded chain (embedded mode only)"],
];

export const ROUTE_CATALOG: readonly CatalogRoute[] = ROWS.map(([path, methods, price, family, summary]) => ({
  operationId: operationIdForPath(path),
  path,
  methods,
  price,
  family,
  summary,
}));

export function findCatalogRoute(operationId: string): CatalogRoute {
  const route = ROUTE_CATALOG.find((r) => r.operationId === operationId);
  if (route === undefined) throw new Error(`operationId ${operationId} is not in the route catalog`);
  return route;
}

export function isPaid(route: CatalogRoute): boolean {
  return route.price.kind !== "free";
}
