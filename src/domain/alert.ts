/**
 * Alerts: a promise kept while the caller is away. States (README "Alerts", OpenAPI of the routes):
 * active -> triggered -> delivered | failed (retries exhausted); active -> cancelled | expired.
 * An alert leaves `active` once, so it fires once.
 */
export type AlertKind = "price" | "pattern";
export type AlertState = "active" | "triggered" | "delivered" | "failed" | "cancelled" | "expired";
export const ALERT_STATES: readonly AlertState[] = ["active", "triggered", "delivered", "failed", "cancelled", "expired"];

export const PRICE_CONDITIONS = ["price_above", "price_below", "change_pct_above", "change_pct_below"] as const;
export type PriceCondition = (typeof PRICE_CONDITIONS)[number];
/** A pattern alert's only condition: similarity to the reference at or below the threshold. */
export type AlertCondition = PriceCondition | "similarity_at_most";

export interface PatternReference {
  refTicker: string;
  refStart: string;
  refEnd: string;
  timeframe: "1d" | "1h" | "30m" | "15m";
  metric: "l1" | "l2";
  /** The reference window's closes, frozen at registration (history does not change under the alert). */
  closes: number[];
}

export interface AlertRecord {
  watchId: string;
  kind: AlertKind;
  ticker: string;
  condition: AlertCondition;
  threshold: number;
  webhookUrl: string;
  /** HMAC key of the webhook signature; shown to the caller once, at registration. */
  secret: string;
  pattern: PatternReference | null;
  state: AlertState;
  createdAtMs: number;
  expiresAtMs: number;
  lastCheckedAtMs: number | null;
  /** The last observed price, 1-day change or similarity, per the condition. */
  lastValue: number | null;
  /** Start time of the bar that value was computed from. */
  lastBarMs: number | null;
  triggeredAtMs: number | null;
  triggeredValue: number | null;
  /** The exact webhook body, fixed when the alert fired, so every retry sends the same bytes. */
  payload: string | null;
  attempts: number;
  nextAttemptAtMs: number | null;
  deliveredAtMs: number | null;
  finishedAtMs: number | null;
}

export interface DeliveryAttempt {
  attempt: number;
  atMs: number;
  /** HTTP status of the receiver's answer, null when none came (refused, timeout, network). */
  httpStatus: number | null;
  error: string | null;
}
