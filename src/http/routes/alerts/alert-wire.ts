import type { AlertRecord, DeliveryAttempt } from "../../../domain/alert.js";
import { formatBarTime } from "../../../domain/bar.js";
import type { AlertView } from "../../../services/alerts/alert-service.js";

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

function commonFields(alert: AlertRecord, attempts: DeliveryAttempt[]) {
  const timeframe = alert.pattern?.timeframe ?? "1d";
  return {
    watch_id: alert.watchId,
    status: alert.state,
    ticker: alert.ticker,
    webhook_url: alert.webhookUrl,
    created_at: iso(alert.createdAtMs)!,
    expires_at: iso(alert.expiresAtMs)!,
    last_checked_at: iso(alert.lastCheckedAtMs),
    last_observed_bar: alert.lastBarMs === null ? null : formatBarTime(alert.lastBarMs, timeframe),
    triggered_at: iso(alert.triggeredAtMs),
    delivered_at: iso(alert.deliveredAtMs),
    next_attempt_at: alert.state === "triggered" ? iso(alert.nextAttemptAtMs) : null,
    attempts: attempts.map((a) => ({ attempt: a.attempt, at: iso(a.atMs)!, http_status: a.httpStatus, error: a.error })),
  };
}

export function priceAlertWire({ alert, attempts }: AlertView) {
  const byChange = alert.condition === "change_pct_above" || alert.condition === "change_pct_below";
  return {
    ...commonFields(alert, attempts),
    condition: alert.condition,
    threshold: alert.threshold,
    // The stored value is the one the condition compares: a close, or a 1-day change.
    last_price: byChange ? null : alert.lastValue,
    last_change_pct: byChange ? alert.lastValue : null,
    triggered_value: alert.triggeredValue,
  };
}

export function patternAlertWire({ alert, attempts }: AlertView) {
  const reference = alert.pattern!;
  return {
    ...commonFields(alert, attempts),
    ref_ticker: reference.refTicker,
    ref_start: reference.refStart,
    ref_end: reference.refEnd,
    bars: reference.closes.length,
    timeframe: reference.timeframe,
    metric: reference.metric,
    max_similarity: alert.threshold,
    last_similarity: alert.lastValue,
    triggered_similarity: alert.triggeredValue,
  };
}

/** The registration answer adds the secret (shown this once) and the two free follow-up URLs. */
export function registrationExtras(alert: AlertRecord, publicBaseUrl: string, family: "/watch" | "/pattern_alert") {
  const base = publicBaseUrl.replace(/\/+$/, "");
  return {
    secret: alert.secret,
    status_url: `${base}${family}/status?watch_id=${alert.watchId}`,
    cancel_url: `${base}${family}/cancel?watch_id=${alert.watchId}`,
  };
}
