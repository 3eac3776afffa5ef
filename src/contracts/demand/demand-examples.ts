/*
 * Examples of the demand reports. They show the shapes on a small synthetic log (test data, not real traffic:
 * the figures of a real deployment are whatever its request log holds), so the documented-examples test lists
 * these routes as not replayable; test/demand checks every report against known answers.
 */
const window = { days: 30, from: "2026-10-24", to: "2026-11-22" };
const generated_at = "2026-11-23T12:00:00.000Z";
const privacy = "Rows need at least 3 distinct clients; client counts are buckets; cells of 1 or 2 clients are dropped before any sum.";

export const TOP_EXAMPLE = {
  params: { window: "30d" as const },
  response: {
    window, generated_at, privacy,
    endpoints: [{ path: "/get_patterns", category: "patterns", price_band: "0.05-0.099", quotes: 120, served: 30, hits: 150, clients: "10-24" as const, buyers: "10-24" as const }],
    categories: [{ category: "patterns", quotes: 120, served: 30, hits: 150, clients: "10-24" as const, buyers: "10-24" as const }],
    totals: { quotes: 120, served: 30, hits: 150 },
  },
};

const unmetRow = {
  rank: 1, path: "/api/weather/{id}", category: "weather", reason: "not_served" as const,
  evidence: { hits: 40, quotes: 0, served: 0, clients: "3-9" as const, days_seen: 5, first_seen: "2026-11-02", last_seen: "2026-11-20" },
};

export const UNMET_EXAMPLE = { params: { window: "30d" as const }, response: { window, generated_at, privacy, build_order: [unmetRow] } };

const rate = { quotes: 120, served: 30, conversion_rate_pct: 25, quoting_clients: "10-24" as const };
export const CONVERSION_EXAMPLE = {
  params: { window: "30d" as const },
  response: {
    window, generated_at, privacy,
    rows: [{ category: "patterns", price_band: "0.05-0.099", with_monitors: rate, excluding_monitors: { ...rate, quotes: 100, conversion_rate_pct: 30 } }],
    overall: { category: "all published rows", price_band: "all", with_monitors: { ...rate, quoting_clients: null }, excluding_monitors: { ...rate, quotes: 100, conversion_rate_pct: 30, quoting_clients: null } },
    monitors_are: "clients whose user-agent declares an uptime, health or trust monitor or an x402 indexer",
  },
};

export const CRAWL_EXAMPLE = {
  params: { window: "30d" },
  response: {
    window, generated_at, privacy, ai_crawls: 90, assistant_referrals: 12,
    companies: [{ company: "openai", crawls: 90, referrals: 12, crawl_to_refer: 7.5, mixed_use: true, crawler_clients: "3-9" as const, referring_clients: "3-9" as const }],
    method: "Cloudflare Radar's crawl-to-refer ratio: crawls / referrals per platform, null when referrals are 0.",
  },
};

export const WEEKLY_EXAMPLE = {
  params: {},
  response: {
    title: "What agents want: week of 2026-11-16 to 2026-11-22",
    week: { from: "2026-11-16", to: "2026-11-22" },
    previous_week: { from: "2026-11-09", to: "2026-11-15" },
    topics: [{ topic: "patterns", requests: 60, quotes: 50, clients: "10-24" as const, previous_requests: 40, change: 20, change_pct: 50 }],
    method: "Requests of the last 7 complete UTC days per topic, monitors and indexers excluded, against the 7 days before.",
    privacy, generated_at,
    sponsored: null,
  },
};

export const ABOUT_EXAMPLE = {
  params: {},
  response: {
    product: "Precedent agent-demand reports",
    what: "Aggregate statistics on what software agents try to buy from this x402 service.",
    why_it_is_not_replicable: "The figures are counts from this service's own request log.",
    privacy_policy: privacy,
    coverage: { first_event: "2026-08-25T00:00:00.000Z", last_event: "2026-11-22T23:59:59.999Z", days: 90, events: 4200, note: "Publishable events of the last 90 complete UTC days." },
    free_sample: {
      top_3_quoted_endpoints_7d: [{ path: "/get_patterns", category: "patterns", quotes: 40, served: 10, hits: 52, buyers: "10-24" as const, intent: "Top-k historical analogs of a price window with forward-return summary" }],
      overall_conversion_30d: { quotes: 120, quoting_clients: "10-24" as const, conversion_rate_pct: 25, basis: "paid calls served / 402 quotes on paid routes" },
      conversion_excluding_monitors_30d: { quotes: 100, quoting_clients: "10-24" as const, conversion_rate_pct: 30, monitor_share_of_quotes_pct: 16.7, note: "Excludes monitors and x402 indexers." },
      crawl_to_refer_30d: { ai_crawls: 90, assistant_referrals: 12, top_takers: [{ company: "openai", crawls: 90, referrals: 12, crawl_to_refer: 7.5, mixed_use: true }], full_cut: "GET /api/demand/crawl-to-refer?window=30d (any window up to 90 days)" },
      daily_30d: [{ date: "2026-11-22", requests: 140, quotes: 4, ai_crawls: 3 }],
    },
    paid_endpoints: [{ path: "/api/demand/top", price: "$0.10", returns: "endpoints and categories ranked by quotes, paid calls and hits, with client buckets" }],
  },
};

const freshness = [{ index: "cdp" as const, mirrored: true, mirrored_at: "2026-11-23T06:00:00.000Z" }, { index: "x402scan" as const, mirrored: false, mirrored_at: null }];

export const COMPETITORS_EXAMPLE = {
  params: { window: "30d" as const },
  response: {
    window, generated_at, privacy,
    supply_census: [{ category: "market-data", resources: 48, origins: 12, by_index: { cdp: 48 }, median_price_usd: 0.01, priced_resources: 46 }],
    index_freshness: freshness,
    ecosystems_calling_us: [{ ecosystem: "agent-sdk", requests: 900, clients: "25-49" as const }],
    note: "x402scan is not mirrored: its listings are missing from the census.",
  },
};

export const INTENT_EXAMPLE = {
  params: { window: "30d" as const },
  response: { window, generated_at, privacy, intents: [{ intent: "weather", needs: 30, clicks: 12, outcomes: 4, clients: "3-9" as const, top_terms: ["weather", "tomorrow"] }] },
};

export const MATCHES_EXAMPLE = {
  params: { window: "30d" as const },
  response: {
    window, generated_at, privacy, index_freshness: freshness,
    matches: [{ unmet: unmetRow, sellers: [{ index: "cdp" as const, origin: "https://weather.example", path: "/forecast", price_usd: 0.002, description: "Weather forecast by city", match_basis: "shares weather; same category (weather)" }] }],
  },
};

export const PRICING_EXAMPLE = {
  params: { window: "30d" as const },
  response: {
    window, generated_at, privacy, index_freshness: freshness,
    categories: [{ category: "market-data", our_conversion: [{ price_band: "under_0.01", quotes: 60, conversion_rate_pct: 40 }], competitor_prices: { resources: 46, p25_usd: 0.005, median_usd: 0.01, p75_usd: 0.02 }, suggested_range_usd: { low: 0.005, high: 0.02 }, basis: "the interquartile range of 46 competing listings' prices in the mirrored indexes" }],
    rule: "With at least 3 priced competing listings, their interquartile range; otherwise our best-converting band; otherwise null.",
  },
};

export const RELIABILITY_EXAMPLE = {
  params: { window: "30d" as const },
  response: {
    window, generated_at, privacy,
    providers: [{ origin: "https://weather.example", probe: { samples: 2, checks: 16, checks_passed: 14, success_rate: 0.875, latest_grade: "B", last_probed_at: "2026-11-20T09:00:00.000Z" }, outcomes: { samples: 9, helped: 6, success_rate: 0.667, clients: "3-9" as const } }],
  },
};
