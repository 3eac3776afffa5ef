import { createHmac } from "node:crypto";
import type { AlertRecord } from "../../domain/alert.js";
import { formatBarTime } from "../../domain/bar.js";

/** What was observed when an alert fired. */
export interface Observation {
  value: number;
  barMs: number;
  /** True when the price source was unreachable and stored bars were used. */
  cached: boolean;
  /** Pattern alerts: the compared window of `ticker`, first and last bar. */
  window?: { startMs: number; endMs: number };
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The webhook body, built once when the alert fires and stored, so every retry sends the same bytes
 * (and the same HMAC and response signature). Field list: README "Alerts".
 */
export function buildWebhookPayload(alert: AlertRecord, observation: Observation, triggeredAtMs: number): string {
  const timeframe = alert.pattern?.timeframe ?? "1d";
  const body: Record<string, unknown> = {
    event: "alert.triggered",
    watch_id: alert.watchId,
    alert_type: alert.kind,
    ticker: alert.ticker,
    condition: alert.condition,
    threshold: alert.threshold,
    observed_value: observation.value,
    observed_bar: formatBarTime(observation.barMs, timeframe),
    cached: observation.cached,
    triggered_at: iso(triggeredAtMs),
    created_at: iso(alert.createdAtMs),
    expires_at: iso(alert.expiresAtMs),
    idempotency_key: alert.watchId,
  };
  if (alert.pattern !== null) {
    const { refTicker, refStart, refEnd, metric } = alert.pattern;
    body.reference = { ticker: refTicker, start: refStart, end: refEnd, timeframe, metric };
    if (observation.window !== undefined) {
      body.window = { start: formatBarTime(observation.window.startMs, timeframe), end: formatBarTime(observation.window.endMs, timeframe) };
    }
  }
  return JSON.stringify(body);
}

/** `sha256=<hex HMAC-SHA256 of the exact body bytes, keyed with the alert's secret>`. */
export function webhookSignature(body: string, secret: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

export const MAX_DELIVERY_ATTEMPTS = 6;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 12 * 3_600_000;

/**
 * Delay before the attempt after `attemptsMade` failed ones: a cap growing 6x per attempt (1 min, 6 min,
 * 36 min, 3.6 h, then 12 h at most), with "equal jitter" (half the cap plus a random half) so nodes and
 * receivers that failed together do not retry in lockstep, yet a retry never comes sooner than half the cap.
 */
export function retryDelayMs(attemptsMade: number, random: () => number): number {
  const capMs = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 6 ** Math.max(0, attemptsMade - 1));
  return Math.round(capMs / 2 + (random() * capMs) / 2);
}
