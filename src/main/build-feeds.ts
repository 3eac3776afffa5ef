import type { Logger } from "pino";
import type { Config } from "../config/config.js";
import type { Clock } from "../domain/clock.js";
import type { RouteModule } from "../http/route-module.js";
import { getFundamentalsRoute } from "../http/routes/feeds/get-fundamentals.js";
import { getOptionsChainRoute } from "../http/routes/feeds/get-options-chain.js";
import { dailyBriefRoute } from "../http/routes/feeds/daily-brief.js";
import { getHardwarePricesRoute } from "../http/routes/feeds/get-hardware-prices.js";
import { getTrendsRoute } from "../http/routes/feeds/get-trends.js";
import { searchPreprintsRoute } from "../http/routes/feeds/search-preprints.js";
import { getEconomicCalendarRoute } from "../http/routes/feeds/get-economic-calendar.js";
import { getEarningsCalendarRoute } from "../http/routes/feeds/get-earnings-calendar.js";
import { getFearGreedRoute } from "../http/routes/feeds/get-fear-greed.js";
import { earningsSurpriseRoutes } from "../http/routes/feeds/earnings-surprise.js";
import { earningsCalendarBackfillJob } from "../jobs/earnings-calendar-backfill.js";
import { snapshotJob } from "../jobs/feed-snapshot-jobs.js";
import type { RecurringJob } from "../jobs/job-runner.js";
import { GoogleTrendsRssProvider } from "../providers/feeds/google-trends/google-trends-rss.js";
import { ArxivProvider } from "../providers/feeds/arxiv/arxiv-provider.js";
import { CnnFearGreedProvider } from "../providers/feeds/cnn/cnn-fear-greed.js";
import type { FeedClientDeps } from "../providers/feeds/feed-http.js";
import { offlineProvider } from "../providers/feeds/offline/offline-feeds.js";
import { ForexFactoryCalendarProvider } from "../providers/feeds/forexfactory/forexfactory-calendar.js";
import { NasdaqEarningsProvider } from "../providers/feeds/nasdaq/nasdaq-earnings.js";
import type {
  EarningsCalendarProvider,
  EarningsHistoryProvider,
  EconomicCalendarProvider,
  FearGreedProvider,
  FundamentalsProvider,
  OptionsProvider,
  PreprintProvider,
  QuoteProvider,
  RetailPriceProvider,
  TrendsProvider,
} from "../providers/feeds/port.js";
import { JsonRetailPriceProvider } from "../providers/feeds/retail/json-retail-prices.js";
import { YahooQuoteProvider } from "../providers/feeds/yahoo/yahoo-quotes.js";
import { HardwareService } from "../services/feeds/hardware-service.js";
import { TREND_GEOS } from "../domain/feed-vocabulary.js";
import { TrendsService } from "../services/feeds/trends-service.js";
import { DailyBriefService } from "../services/feeds/daily-brief-service.js";
import { YahooFundamentalsProvider } from "../providers/feeds/yahoo/yahoo-fundamentals.js";
import { YahooOptionsProvider } from "../providers/feeds/yahoo/yahoo-options.js";
import { YahooEarningsHistoryProvider } from "../providers/feeds/yahoo/yahoo-earnings-history.js";
import { EarningsSurpriseService } from "../services/feeds/earnings-surprise-service.js";
import { createYahooFinanceClient } from "../providers/prices/yahoo/yahoo-finance-client.js";
import { resolveSymbol } from "../domain/symbol-resolver.js";
import { FundamentalsService } from "../services/feeds/fundamentals-service.js";
import { OptionsService } from "../services/feeds/options-service.js";
import { PreprintService } from "../services/feeds/preprint-service.js";
import { EconomicCalendarService } from "../services/feeds/economic-calendar-service.js";
import { EarningsCalendarService } from "../services/feeds/earnings-calendar-service.js";
import { FearGreedService } from "../services/feeds/fear-greed-service.js";
import { SnapshotCache } from "../services/feeds/snapshot-cache.js";
import { FEED_POLICIES } from "../services/feeds/feed-policies.js";
import { isoDate } from "../providers/feeds/yahoo/yahoo-values.js";
import type { Database } from "../storage/create-database.js";
import { FeedSnapshots } from "../storage/repos/feed-snapshots.js";
import type { MarketData } from "./build-market-data.js";

/** Test seam: the transport every live feed adapter uses (a replay fetch); given, live adapters are used even offline. */
export interface FeedOverrides extends FeedClientDeps {}

export interface FeedProviders {
  fearGreed: FearGreedProvider;
  earnings: EarningsCalendarProvider;
  earningsHistory: EarningsHistoryProvider;
  economic: EconomicCalendarProvider;
  preprints: PreprintProvider;
  fundamentals: FundamentalsProvider;
  options: OptionsProvider;
  trends: TrendsProvider;
  quotes: QuoteProvider;
  /** Absent when HARDWARE_PRICES_URL is not set. */
  retail: RetailPriceProvider | undefined;
}

export interface Feeds {
  cache: SnapshotCache;
  routes: RouteModule[];
  jobs: RecurringJob[];
  /** Offline: the snapshot jobs not scheduled, since they only fetch (the start log lists them once). */
  waitingForNetwork: string[];
}

export interface FeedsDeps {
  config: Readonly<Config>;
  database: Database;
  clock: Clock;
  logger: Logger;
  marketData: MarketData;
  overrides?: FeedOverrides;
}

/** Live adapters on the network, or (offline, MARKET_DATA_DIR set) adapters that only ever fail so stored snapshots are served. */
export function feedProviders(config: Readonly<Config>, clock: Clock, overrides: FeedOverrides | undefined): FeedProviders {
  if (config.marketDataDir !== undefined && overrides?.fetch === undefined) {
    return {
      fearGreed: offlineProvider<FearGreedProvider>(),
      earnings: offlineProvider<EarningsCalendarProvider>(),
      earningsHistory: offlineProvider<EarningsHistoryProvider>(),
      economic: offlineProvider<EconomicCalendarProvider>(),
      preprints: offlineProvider<PreprintProvider>(),
      fundamentals: offlineProvider<FundamentalsProvider>(),
      options: offlineProvider<OptionsProvider>(),
      trends: offlineProvider<TrendsProvider>(),
      quotes: offlineProvider<QuoteProvider>(),
      retail: config.hardwarePricesUrl === undefined ? undefined : offlineProvider<RetailPriceProvider>(),
    };
  }
  const deps: FeedClientDeps = { clock, ...overrides };
  // Its own instance (cookies, crumb, request budget) so feed traffic never queues behind bar downloads.
  const yahoo = createYahooFinanceClient({ fetch: deps.fetch, clock, sleep: deps.sleep, timeoutMs: deps.timeoutMs });
  return {
    fearGreed: new CnnFearGreedProvider(deps),
    earnings: new NasdaqEarningsProvider(deps),
    earningsHistory: new YahooEarningsHistoryProvider(yahoo),
    economic: new ForexFactoryCalendarProvider(deps),
    preprints: new ArxivProvider(deps),
    fundamentals: new YahooFundamentalsProvider(yahoo),
    options: new YahooOptionsProvider(yahoo),
    trends: new GoogleTrendsRssProvider(deps),
    quotes: new YahooQuoteProvider(yahoo),
    retail: config.hardwarePricesUrl === undefined ? undefined : new JsonRetailPriceProvider(config.hardwarePricesUrl, deps),
  };
}

/** The feed, calendar and fundamentals family: one snapshot store in front of every upstream. */
export function buildFeeds(deps: FeedsDeps): Feeds {
  const cache = new SnapshotCache(new FeedSnapshots(deps.database.db), deps.clock, deps.logger);
  const providers = feedProviders(deps.config, deps.clock, deps.overrides);
  const fearGreed = new FearGreedService(providers.fearGreed, cache);
  const earnings = new EarningsCalendarService(providers.earnings, cache, deps.clock);
  const economic = new EconomicCalendarService(providers.economic, cache, deps.clock);
  const preprints = new PreprintService(providers.preprints, cache);
  const fundamentals = new FundamentalsService(resolveSymbol, providers.fundamentals, cache);
  const options = new OptionsService(resolveSymbol, providers.options, cache);
  const trends = new TrendsService(providers.trends, cache, deps.clock);
  const marketData = deps.marketData.service;
  const brief = new DailyBriefService(fearGreed, (category, count) => marketData.topMovers(category, count), "US", earnings, economic, () => deps.clock.nowMs());
  const surprise = new EarningsSurpriseService(resolveSymbol, providers.earningsHistory, cache, async (ticker, fromMs, toMs) => {
    const history = await marketData.history(ticker, "1d", fromMs, toMs);
    return { closes: history.bars.map((b) => ({ date: isoDate(b.tsMs), close: b.close })), source: history.source, cached: history.cached };
  });
  const hardware = new HardwareService(providers.quotes, providers.retail, cache, deps.clock, (ticker) => marketData.latest(ticker));
  const online = deps.config.marketDataDir === undefined || deps.overrides?.fetch !== undefined;
  const jobs: RecurringJob[] = [
    snapshotJob("hardware-prices-snapshot", 24 * 3_600_000, () => [{ label: "retail", refresh: () => hardware.refreshRetail() }]),
    snapshotJob("trends-snapshots", 30 * 60_000, () => TREND_GEOS.map((geo) => ({ label: geo, refresh: () => trends.daily(geo) }))),
    snapshotJob("economic-calendar-snapshot", 60 * 60_000, () => [{ label: "thisweek", refresh: () => economic.thisWeek() }]),
    earningsCalendarBackfillJob({
      isStored: async (day) => (await cache.latest(FEED_POLICIES.earningsCalendar.source, day)) !== undefined,
      fetchDay: (day) => earnings.onDate(day),
    }),
  ];
  return {
    cache,
    routes: [getFearGreedRoute(fearGreed), getEarningsCalendarRoute(earnings), getEconomicCalendarRoute(economic), searchPreprintsRoute(preprints),
      getFundamentalsRoute(fundamentals),
      getOptionsChainRoute(options),
      getTrendsRoute(trends),
      getHardwarePricesRoute(hardware),
      dailyBriefRoute(brief, () => deps.clock.nowMs()),
      ...earningsSurpriseRoutes(surprise),
    ],
    // Offline there is nothing to fetch: the jobs would only log the same failure every tick.
    jobs: online ? jobs : [],
    waitingForNetwork: online ? [] : jobs.map((job) => job.name),
  };
}
