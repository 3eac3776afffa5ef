import type { Logger } from "pino";
import { similarityFromDistance } from "../../analytics/analog-search.js";
import { ExactScorer, scoreToDistance } from "../../core/exact-scorer.js";
import { prepareQuery } from "../../core/prepared-query.js";
import type { AlertRecord, PriceCondition } from "../../domain/alert.js";
import type { AlertStore } from "../../storage/repos/alert-store.js";
import type { LatestPrice, MarketDataService } from "../market-data/market-data-service.js";
import type { LoadedSeries, SeriesCache } from "../market-data/series-cache.js";
import { buildWebhookPayload, type Observation } from "./webhook-payload.js";

export interface EvaluationReport {
  expired: number;
  checked: number;
  triggered: number;
  /** Upstream requests made this tick: one per symbol (price) or per symbol and timeframe (pattern). */
  requests: number;
}

/**
 * One evaluation tick: expire what is past its date, then fetch each watched symbol once and test every
 * active alert on it. Firing is a conditional UPDATE (active -> triggered), so an alert fires once even
 * when two nodes evaluate it at the same moment. A symbol whose source fails is skipped until next tick.
 */
export class AlertEvaluator {
  constructor(
    private readonly store: AlertStore,
    private readonly marketData: MarketDataService,
    private readonly seriesCache: SeriesCache,
  ) {}

  async evaluate(nowMs: number, logger: Logger): Promise<EvaluationReport> {
    const report: EvaluationReport = { expired: await this.store.expireDue(nowMs), checked: 0, triggered: 0, requests: 0 };
    for (const [ticker, alerts] of groupBy(await this.store.active("price", nowMs), (a) => a.ticker)) {
      report.requests += 1;
      let latest: LatestPrice;
      try {
        latest = await this.marketData.latest(ticker);
      } catch (error) {
        logger.warn({ err: error, ticker }, "price alert check skipped: no price this tick");
        continue;
      }
      const quiet = { close: [] as string[], change: [] as string[] };
      for (const alert of alerts) {
        const byClose = alert.condition === "price_above" || alert.condition === "price_below";
        const value = byClose ? latest.close : latest.changePct;
        report.checked += 1;
        if (!priceConditionMet(alert.condition as PriceCondition, value, alert.threshold)) {
          quiet[byClose ? "close" : "change"].push(alert.watchId);
          continue;
        }
        await this.fire(alert, { value, barMs: latest.dateMs, cached: latest.cached }, nowMs, report);
      }
      await this.store.recordCheck(quiet.close, nowMs, latest.close, latest.dateMs);
      await this.store.recordCheck(quiet.change, nowMs, latest.changePct, latest.dateMs);
    }
    const patterns = await this.store.active("pattern", nowMs);
    for (const [key, alerts] of groupBy(patterns, (a) => `${a.ticker}|${a.pattern!.timeframe}`)) {
      report.requests += 1;
      let loaded: LoadedSeries;
      try {
        loaded = await this.seriesCache.load(alerts[0].ticker, alerts[0].pattern!.timeframe);
      } catch (error) {
        logger.warn({ err: error, series: key }, "pattern alert check skipped: no series this tick");
        continue;
      }
      for (const alert of alerts) {
        report.checked += 1;
        const observation = latestSimilarity(loaded, alert);
        if (observation === null || observation.value > alert.threshold) {
          await this.store.recordCheck([alert.watchId], nowMs, observation?.value ?? null, observation?.barMs ?? null);
          continue;
        }
        await this.fire(alert, observation, nowMs, report);
      }
    }
    return report;
  }

  private async fire(alert: AlertRecord, observation: Observation, nowMs: number, report: EvaluationReport): Promise<void> {
    const payload = buildWebhookPayload(alert, observation, nowMs);
    if (await this.store.trigger(alert.watchId, nowMs, observation.value, observation.barMs, payload)) report.triggered += 1;
  }
}

export function priceConditionMet(condition: PriceCondition, value: number, threshold: number): boolean {
  switch (condition) {
    case "price_above":
    case "change_pct_above":
      return value > threshold;
    case "price_below":
    case "change_pct_below":
      return value < threshold;
  }
}

/**
 * The similarity of the latest window of the series (as many bars as the reference) to the reference:
 * the same z-normalised distance and length-independent scale as /get_patterns. O(m) per alert, so it
 * runs inline; null when that window spans a gap or a missing value (checked again next tick).
 */
export function latestSimilarity(loaded: LoadedSeries, alert: AlertRecord): Observation | null {
  const reference = alert.pattern!;
  const m = reference.closes.length;
  const closes = loaded.series.closes;
  const start = closes.length - m;
  if (start < 0 || !loaded.prepared.isEligibleWindow(start, m)) return null;
  const scorer = new ExactScorer(prepareQuery(Float64Array.from(reference.closes)), reference.metric);
  const distance = scoreToDistance(scorer.score(closes, start), reference.metric);
  const times = loaded.series.timesMs;
  return {
    value: similarityFromDistance(distance, m, reference.metric),
    barMs: times[times.length - 1],
    cached: loaded.cached,
    window: { startMs: times[start], endMs: times[times.length - 1] },
  };
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list === undefined) groups.set(k, [item]);
    else list.push(item);
  }
  return groups;
}
