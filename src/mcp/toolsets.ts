/**
 * Tool groups. Hosts pass only so many tools to the model (Cursor 40, Windsurf 50, Trae 40), so the server offers
 * a few groups by default (MCP_TOOLSETS) and the model enables more on request (`enable_toolset`), as GitHub's
 * MCP server does with its dynamic toolsets. Every operation of the route catalog is in exactly one group
 * (a test checks it); the local tools (wallet, toolsets, verify_signature, the faucet) are always on.
 */
export interface Toolset {
  name: string;
  description: string;
  operationIds: readonly string[];
}

export const TOOLSETS: readonly Toolset[] = [
  { name: "patterns", description: "Historical analogs of a price window (search, OHLC, screen)", operationIds: ["get_patterns_raw", "get_patterns", "get_patterns_ohlc", "screen"] },
  {
    name: "analytics",
    description: "Forward odds, regimes, backtests, playbooks, macro analogs position sizing and the public track record",
    operationIds: ["forward_distribution", "regime_detection", "pattern_backtest", "playbook", "macro_analog", "position_size", "api_backtest", "api_track_record"],
  },
  {
    name: "market",
    description: "Prices, history, movers, Fear & Greed, fundamentals, options, hardware",
    operationIds: ["get_latest_price", "get_price_history", "get_market_movers", "get_fear_greed", "get_fundamentals", "get_options_chain", "get_hardware_prices"],
  },
  {
    name: "research",
    description: "Questions in plain English, briefs, news narrative, earnings, calendars, trends, preprints",
    operationIds: ["analyze", "daily_brief", "api_narrative", "earnings_surprise", "api_earnings_surprise", "get_earnings_calendar", "get_economic_calendar", "get_trends", "search_preprints"],
  },
  { name: "trading", description: "Directional signals, scans, their public log and track record", operationIds: ["trading_signal", "trading_scan", "api_signals_live", "trading_performance", "trading_signals_history", "trading_portfolio"] },
  {
    name: "portfolio",
    description: "Correlations, optimisation, factor decomposition, momentum rankings",
    operationIds: ["correlation_matrix", "optimize_portfolio", "api_portfolio_factors", "api_momentum_scan", "api_sectors_momentum"],
  },
  { name: "alerts", description: "Price and pattern alerts delivered by webhook", operationIds: ["watch_register", "watch_status", "watch_cancel", "pattern_alert", "pattern_alert_status", "pattern_alert_cancel"] },
  {
    name: "economy",
    description: "The agent economy: demand reports, the x402 router, census, probe, buying from other sellers",
    operationIds: [
      "api", "api_demand_about", "api_demand_top", "api_demand_unmet", "api_demand_conversion", "api_demand_competitors", "api_demand_intent",
      "api_demand_crawl_to_refer", "api_demand_matches", "api_demand_pricing", "api_demand_reliability", "what_agents_want",
      "api_discover", "api_discover_outcome", "api_census", "api_probe", "api_route",
    ],
  },
  { name: "arena", description: "Forecasting rounds: enter, see skill, sponsor", operationIds: ["api_arena_rounds", "api_arena_predict", "api_arena_diagnostic", "api_arena_performance", "api_arena_sponsor"] },
  { name: "ads", description: "Sponsored placements: rate card, campaigns, serving", operationIds: ["api_ads_rate_card", "api_ads_campaign", "api_ads_campaign_status", "api_ads_serve", "api_ads_network"] },
];

/** Operations offered whatever the selection: free, small, and needed to audit or pay. */
export const ALWAYS_ON_OPERATIONS: ReadonlySet<string> = new Set(["verify_signature", "dev_faucet"]);

/** The documented default: 33 operation tools + at most 2 always-on operations + 3 local tools = at most 38. */
export const DEFAULT_TOOLSETS: readonly string[] = ["patterns", "analytics", "market", "research", "trading"];

const BY_NAME = new Map(TOOLSETS.map((set) => [set.name, set]));
const BY_OPERATION = new Map(TOOLSETS.flatMap((set) => set.operationIds.map((id) => [id, set.name] as const)));

export function findToolset(name: string): Toolset | undefined {
  return BY_NAME.get(name.trim().toLowerCase());
}

/** The group an operation belongs to (undefined for always-on and redirect operations). */
export function toolsetOf(operationId: string): string | undefined {
  return BY_OPERATION.get(operationId);
}

/**
 * MCP_TOOLSETS as names: unset or "default" is the default, "all" is every group, otherwise a comma-separated
 * list (names may be mixed with "default"). An unknown name is an error naming the known ones.
 */
export function selectToolsets(spec: string | undefined): string[] {
  const words = (spec ?? "default").split(",").map((w) => w.trim().toLowerCase()).filter((w) => w !== "");
  const selected = new Set<string>();
  for (const word of words.length === 0 ? ["default"] : words) {
    if (word === "all") TOOLSETS.forEach((set) => selected.add(set.name));
    else if (word === "default") DEFAULT_TOOLSETS.forEach((name) => selected.add(name));
    else if (BY_NAME.has(word)) selected.add(word);
    else throw new Error(`MCP_TOOLSETS names an unknown toolset "${word}"; the toolsets are ${TOOLSETS.map((s) => s.name).join(", ")} (or all, default)`);
  }
  return TOOLSETS.map((set) => set.name).filter((name) => selected.has(name));
}

/** Which groups are on for this process (shared by every connection: over HTTP each request is a new server). */
export class ToolsetSelection {
  private readonly enabled: Set<string>;

  constructor(initial: readonly string[]) {
    this.enabled = new Set(initial);
  }

  isEnabled(name: string): boolean {
    return this.enabled.has(name);
  }

  /** True when the group was off and is now on. */
  enable(name: string): boolean {
    if (this.enabled.has(name)) return false;
    this.enabled.add(name);
    return true;
  }

  names(): string[] {
    return TOOLSETS.map((set) => set.name).filter((name) => this.enabled.has(name));
  }

  /** Whether a tool of this operation is listed now. */
  offers(operationId: string): boolean {
    if (ALWAYS_ON_OPERATIONS.has(operationId)) return true;
    const group = toolsetOf(operationId);
    return group !== undefined && this.enabled.has(group);
  }
}
