import YahooFinance from "yahoo-finance2";
import { ExtendedCookieJar } from "yahoo-finance2/lib/cookieJar";
import type { Clock } from "../../../domain/clock.js";
import { createHttpClient, type FetchLike, type UpstreamFailure } from "../../http/http-client.js";
import { createYahooLogger, type LogSink } from "./yahoo-logger.js";

export type YahooFinanceClient = InstanceType<typeof YahooFinance>;

export interface YahooClientOptions {
  /** The transport (a replay fetch in tests). Default: global fetch. */
  fetch?: FetchLike;
  timeoutMs?: number;
  maxRetries?: number;
  concurrencyPerHost?: number;
  /** yahoo-finance2's own queue: requests in flight and minimum spacing; bursts draw 429s. */
  queueConcurrency?: number;
  queueIntervalMs?: number;
  logSink?: LogSink;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  clock?: Clock;
  /** Each request given up on, once (the composition root logs it). */
  onUpstreamFailure?: (failure: UpstreamFailure) => void;
}

/** What a caller or operator without internet can do: the README's quick start says the same. */
export const OFFLINE_HINT = "No internet? Run the service on the offline dataset: MARKET_DATA_DIR=../shared/datasets/daily npm start";

/**
 * One configured yahoo-finance2 instance, shared by the Yahoo price and movers providers so they
 * share cookies, crumb and request budget. Every request goes through our HTTP client (timeout,
 * transient-only retries, per-host limit), which throws AppError UPSTREAM_UNAVAILABLE itself once
 * retries are spent; the library passes that error through unchanged.
 */
export function createYahooFinanceClient(options: YahooClientOptions = {}): YahooFinanceClient {
  const http = createHttpClient({
    fetch: options.fetch,
    upstream: "Yahoo Finance",
    timeoutMs: options.timeoutMs ?? 10_000,
    maxRetries: options.maxRetries ?? 2,
    concurrencyPerHost: options.concurrencyPerHost ?? 2,
    sleep: options.sleep,
    random: options.random,
    clock: options.clock,
    unavailableHint: OFFLINE_HINT,
    onGiveUp: options.onUpstreamFailure,
  });
  return new YahooFinance({
    fetch: http.fetch as typeof fetch,
    // Off: on any validation error it would call the GLOBAL fetch to reach registry.npmjs.org.
    versionCheck: false,
    suppressNotices: ["yahooSurvey", "ripHistorical"],
    queue: { concurrency: options.queueConcurrency ?? 2, interval: options.queueIntervalMs ?? 250 },
    // Our own jar: the library's default is one module-level jar shared by every instance.
    cookieJar: new ExtendedCookieJar(),
    logger: createYahooLogger(options.logSink),
  });
}
