import { randomBytes } from "node:crypto";
import type { Metric } from "../../core/exact-scorer.js";
import type { AlertKind, AlertRecord, DeliveryAttempt, PatternReference, PriceCondition } from "../../domain/alert.js";
import { AppError, validationError } from "../../domain/app-error.js";
import { DAY_MS, parseIsoDate, type Timeframe } from "../../domain/bar.js";
import type { Clock } from "../../domain/clock.js";
import type { AlertStore } from "../../storage/repos/alert-store.js";
import type { MarketDataService } from "../market-data/market-data-service.js";
import type { SeriesCache } from "../market-data/series-cache.js";
import { checkCallerUrl, type CallerUrlChecker } from "../caller-url-check.js";
import { locateQueryWindow } from "../patterns/query-window.js";

/** The reference window of a pattern alert: long enough to be a shape, short enough to check every tick. */
export const MAX_PATTERN_BARS = 500;

export interface PriceAlertRequest {
  ticker: string;
  condition: PriceCondition;
  threshold: number;
  webhookUrl: string;
  expiresInDays: number;
}

export interface PatternAlertRequest {
  ticker: string;
  refTicker: string;
  refStart: string;
  refEnd: string;
  webhookUrl: string;
  maxSimilarity: number;
  timeframe: Timeframe;
  metric: Metric;
  expiresInDays: number;
}

export interface AlertView {
  alert: AlertRecord;
  attempts: DeliveryAttempt[];
}

/** Registers, reads and cancels alerts. Evaluation and delivery run as jobs (alert-evaluator, alert-delivery). */
export class AlertService {
  constructor(
    private readonly store: AlertStore,
    private readonly marketData: MarketDataService,
    private readonly seriesCache: SeriesCache,
    private readonly urls: CallerUrlChecker,
    private readonly clock: Clock,
  ) {}

  async registerPrice(request: PriceAlertRequest): Promise<AlertRecord> {
    await this.checkWebhook(request.webhookUrl);
    // Proves the ticker exists (404 otherwise) and normalises its spelling, as every price route does.
    const latest = await this.marketData.latest(request.ticker);
    return this.insert("price", latest.ticker, request.condition, request.threshold, request.webhookUrl, null, request.expiresInDays);
  }

  async registerPattern(request: PatternAlertRequest): Promise<AlertRecord> {
    await this.checkWebhook(request.webhookUrl);
    const reference = await this.seriesCache.load(request.refTicker, request.timeframe);
    const startMs = parseIsoDate(request.refStart);
    const endMs = parseIsoDate(request.refEnd);
    if (!(endMs > startMs)) throw validationError("ref_end", "must be after ref_start");
    const window = renameWindowParams(() => locateQueryWindow(reference.series, reference.prepared, startMs, endMs));
    if (window.m > MAX_PATTERN_BARS) {
      throw validationError("ref_end", `the reference holds ${window.m} bars; at most ${MAX_PATTERN_BARS} are allowed`);
    }
    const target = await this.seriesCache.load(request.ticker, request.timeframe);
    if (target.series.closes.length < window.m) {
      throw validationError("ticker", `${target.series.ticker} has ${target.series.closes.length} ${request.timeframe} bars; the reference needs ${window.m}`);
    }
    const pattern: PatternReference = {
      refTicker: reference.series.ticker,
      refStart: request.refStart,
      refEnd: request.refEnd,
      timeframe: request.timeframe,
      metric: request.metric,
      closes: Array.from(reference.series.closes.subarray(window.start, window.start + window.m)),
    };
    return this.insert("pattern", target.series.ticker, "similarity_at_most", request.maxSimilarity, request.webhookUrl, pattern, request.expiresInDays);
  }

  async status(kind: AlertKind, watchId: string): Promise<AlertView> {
    const alert = await this.store.get(watchId);
    if (alert === undefined || alert.kind !== kind) {
      throw new AppError("NOT_FOUND", `no ${kind === "price" ? "price alert (/watch/register)" : "pattern alert (/pattern_alert)"} has watch_id ${watchId}`);
    }
    return { alert, attempts: await this.store.attempts(watchId) };
  }

  /** Cancels an active alert; any other state is left as it is (cancelling twice is harmless). */
  async cancel(kind: AlertKind, watchId: string): Promise<AlertView & { cancelledNow: boolean }> {
    await this.status(kind, watchId);
    const cancelledNow = await this.store.cancel(watchId, this.clock.nowMs());
    return { ...(await this.status(kind, watchId)), cancelledNow };
  }

  private async insert(
    kind: AlertKind,
    ticker: string,
    condition: AlertRecord["condition"],
    threshold: number,
    webhookUrl: string,
    pattern: PatternReference | null,
    expiresInDays: number,
  ): Promise<AlertRecord> {
    const createdAtMs = this.clock.nowMs();
    const alert = {
      watchId: randomBytes(16).toString("hex"),
      kind,
      ticker,
      condition,
      threshold,
      webhookUrl,
      secret: randomBytes(32).toString("hex"),
      pattern,
      createdAtMs,
      expiresAtMs: createdAtMs + expiresInDays * DAY_MS,
    };
    await this.store.insert(alert);
    return (await this.store.get(alert.watchId))!;
  }

  private async checkWebhook(url: string): Promise<void> {
    await checkCallerUrl(this.urls, url, "webhook_url");
  }
}

/** locateQueryWindow names /get_patterns' parameters; here the window is ref_start..ref_end. */
function renameWindowParams<T>(locate: () => T): T {
  try {
    return locate();
  } catch (error) {
    if (!(error instanceof AppError) || error.details === undefined) throw error;
    const renamed = error.details.map((d) => ({ ...d, param: d.param === "start_date" ? "ref_start" : d.param === "end_date" ? "ref_end" : d.param }));
    throw new AppError(error.code, error.message.replace("start_date", "ref_start").replace("end_date", "ref_end"), { details: renamed });
  }
}
