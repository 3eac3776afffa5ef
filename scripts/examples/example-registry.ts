import type { DeploymentName } from "./example-deployments.js";

/**
 * How each operation's documented example is produced. A table, so long. Every operation of
 * src/contracts/operation-contracts.ts is listed once (test/contracts/examples-check.test.ts checks it).
 */

/** Recorded from a real run: the JSON file beside the contract is written by `npm run examples` and checked against a new run. */
export interface GeneratedExample {
  /** `{ "params": ..., "response": ... }`, relative to the repository root; params are the input, never rewritten. */
  file: string;
  /** Operations the file documents; each is called with its params and must answer its response (the first one is written). */
  operations: readonly string[];
  deployment: DeploymentName;
  /** Fields drawn at random on every run, compared by type only and written back as documented (see compare-answer.ts). */
  volatile?: readonly string[];
}

/** Not recorded by the script, with the reason; `file` when the example is JSON data, otherwise it is written in the contract. */
export interface UngeneratedExample {
  operations: readonly string[];
  file?: string;
  reason: string;
}

const generated = (file: string, operations: string[], deployment: DeploymentName = "example", volatile: string[] = []): GeneratedExample => ({
  file: `src/contracts/${file}.example.json`,
  operations,
  deployment,
  volatile,
});

export const GENERATED_EXAMPLES: readonly GeneratedExample[] = [
  generated("signing/verify-signature", ["verify_signature"]),
  generated("market-data/get-latest-price", ["get_latest_price"]),
  generated("market-data/get-price-history", ["get_price_history"]),
  generated("market-data/get-market-movers", ["get_market_movers"]),
  generated("patterns/get-patterns-raw", ["get_patterns_raw"]),
  generated("patterns/get-patterns", ["get_patterns"]),
  generated("patterns/get-patterns-ohlc", ["get_patterns_ohlc"]),
  generated("patterns/screen", ["screen"]),
  generated("cross-asset/correlation-matrix", ["correlation_matrix"]),
  generated("cross-asset/macro-analog", ["macro_analog"]),
  generated("cross-asset/playbook", ["playbook"]),
  generated("forecasts/regime-detection", ["regime_detection"]),
  generated("forecasts/pattern-backtest", ["pattern_backtest"]),
  generated("forecasts/forward-distribution", ["forward_distribution"]),
  generated("forecasts/position-size", ["position_size"]),
  generated("forecasts/api-backtest", ["api_backtest"]),
  generated("portfolio/momentum-scan", ["api_momentum_scan"]),
  generated("portfolio/portfolio-factors", ["api_portfolio_factors"]),
  generated("portfolio/optimize-portfolio", ["optimize_portfolio"]),
  generated("feeds/earnings-surprise", ["earnings_surprise", "api_earnings_surprise"]),
  generated("trading/analyze", ["analyze"]),
  generated("trading/trading-signal", ["trading_signal"], "example", ["signal_id"]),
  generated("trading/trading-scan", ["trading_scan"], "example", ["setups[].signal_id"]),
  generated("trading/signals-live", ["api_signals_live"], "example-with-recorded-upstreams", ["signals[].signal.id"]),
  generated("trading/narrative", ["api_narrative"], "example-with-recorded-upstreams"),
  generated("trading/trading-portfolio", ["trading_portfolio"], "example-with-recorded-upstreams"),
  // The cursor is an opaque token over the last id: whether there is one is documented, not its value.
  generated("trading/signals-history", ["trading_signals_history"], "replayed-signal-log", ["signals[].id", "next_cursor"]),
  generated("trading/trading-performance", ["trading_performance"], "replayed-signal-log"),
  generated("census/census", ["api_census"]),
  generated("router/discover", ["api_discover"]),
];

const DEMAND_REASON =
  "hand-written shapes on a small synthetic log: a deployment's figures are whatever its request log (and the router, probe and mirrors) holds; " +
  "test/demand checks every report against known answers";
const demand = (name: string, operation: string): UngeneratedExample => ({ operations: [operation], file: `src/contracts/demand/${name}.example.json`, reason: DEMAND_REASON });

const ARENA_REASON =
  "recorded once on the replayed Hyperliquid data with a 2023 clock (two agents over the 23 rounds the recording settles: momentum-1 answers " +
  "0.62 after a YES and 0.38 otherwise, always-half 0.5), a scenario no code replays; the climatology and skill figures were computed on " +
  "those rounds and entries by the code that serves them; round ids, sponsorship ids and wallets are random per run. test/arena checks the answers";
const arena = (name: string, operation: string): UngeneratedExample => ({ operations: [operation], file: `src/contracts/arena/${name}.example.json`, reason: ARENA_REASON });

const ADS_REASON =
  "recorded once on the example deployment, in a scenario no code replays: four wallets bought router campaigns (the first with the " +
  "campaign example's parameters, three more with $5 each), an hour later the serve example was called, then 40 router serves (every " +
  "seventh clicked) and 3 arena-rounds serves, and an hour after that the status and network examples; campaign ids, impression ids " +
  "and advertiser wallets are new per run. test/ads checks the behaviour";
const ads = (name: string, operation: string): UngeneratedExample => ({ operations: [operation], file: `src/contracts/ads/${name}.example.json`, reason: ADS_REASON });

const ALERT_REASON = "watch_id and secret are random per registration, and the status and cancel examples name a registered alert; test/alerts checks the answers";
const ABRIDGED = (recording: string) => `abridged from the ${recording} recording (long lists cut); test/feeds checks each full answer`;

export const UNGENERATED_EXAMPLES: readonly UngeneratedExample[] = [
  {
    operations: ["api_probe"],
    file: "src/contracts/probe/probe.example.json",
    reason:
      "probes an origin over the network: recorded against the test service on loopback, its origin renamed to https://precedent.example " +
      "(and its timings measured); test/probe/probe-own-app.test.ts checks its checks, statuses and grade against a live probe",
  },
  demand("demand-about", "api_demand_about"),
  demand("demand-top", "api_demand_top"),
  demand("demand-unmet", "api_demand_unmet"),
  demand("demand-conversion", "api_demand_conversion"),
  demand("demand-crawl-to-refer", "api_demand_crawl_to_refer"),
  demand("what-agents-want", "what_agents_want"),
  demand("demand-competitors", "api_demand_competitors"),
  demand("demand-intent", "api_demand_intent"),
  demand("demand-matches", "api_demand_matches"),
  demand("demand-pricing", "api_demand_pricing"),
  demand("demand-reliability", "api_demand_reliability"),
  arena("arena-rounds", "api_arena_rounds"),
  arena("arena-predict", "api_arena_predict"),
  arena("arena-diagnostic", "api_arena_diagnostic"),
  arena("arena-performance", "api_arena_performance"),
  arena("arena-sponsor", "api_arena_sponsor"),
  ads("ads-campaign", "api_ads_campaign"),
  ads("ads-campaign-status", "api_ads_campaign_status"),
  ads("ads-serve", "api_ads_serve"),
  ads("ads-network", "api_ads_network"),
  {
    operations: ["api_track_record"],
    file: "src/contracts/track-record/track-record.example.json",
    reason:
      "a fresh node's record is empty until its replay has run (about 18 minutes of worker time); the example is the replayed " +
      "record of the 17 offline histories as a node answers it after its replay (npm run bench:forecast-replay -- --save); " +
      "test/track-record checks the record against its rows",
  },
  { operations: ["api"], reason: "built by the route from the routes it serves, as its answer is" },
  { operations: ["api_ads_rate_card"], reason: "rateCardBody(), the function the route answers with" },
  { operations: ["api_sectors_momentum"], reason: "the offline dataset holds none of the sector ETFs (404); the example shows the shape with every ETF unranked" },
  { operations: ["dev_faucet"], reason: "the transaction hash depends on the embedded chain's state" },
  { operations: ["watch_register", "watch_status", "watch_cancel", "pattern_alert", "pattern_alert_status", "pattern_alert_cancel"], reason: ALERT_REASON },
  { operations: ["get_fear_greed"], reason: ABRIDGED("CNN") },
  { operations: ["get_earnings_calendar"], reason: ABRIDGED("Nasdaq") },
  { operations: ["get_economic_calendar"], reason: ABRIDGED("ForexFactory") },
  { operations: ["search_preprints"], reason: ABRIDGED("arXiv") },
  { operations: ["get_fundamentals"], reason: ABRIDGED("Yahoo quoteSummary") },
  { operations: ["get_options_chain"], reason: ABRIDGED("Yahoo options") },
  { operations: ["daily_brief"], reason: "abridged from the recordings of its sections" },
  { operations: ["get_trends", "get_hardware_prices"], reason: "no public recording exists (offline they answer 503)" },
  { operations: ["api_route"], reason: "buys from a live third-party seller (mounted only with ROUTE_WALLET_PRIVATE_KEY); test/fulfilment checks real purchases" },
  { operations: ["api_discover_go"], reason: "answers 302, not a body; test/discovery/router-routes.test.ts follows go links" },
  { operations: ["api_discover_outcome"], reason: "every report stored gets a new random id; test/discovery checks the acknowledgement" },
];
