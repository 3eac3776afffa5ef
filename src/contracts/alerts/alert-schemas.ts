import { z } from "@hono/zod-openapi";
import { ALERT_STATES } from "../../domain/alert.js";

/** Shared by the six alert operations: the watch_id parameter, the state list, and the status record. */

export const STATES_TEXT =
  "States: `active` (checked every minute) -> `triggered` (the condition held once; the webhook is being delivered) -> " +
  "`delivered` (the receiver answered 2xx) or `failed` (6 attempts, about 17 hours, all failed); `active` -> `cancelled` " +
  "(by the cancel route) or `expired` (expires_at passed before the condition held). An alert fires once: it never returns to `active`.";

export const WEBHOOK_TEXT =
  "Delivery: POST of a JSON body (event, watch_id, alert_type, ticker, condition, threshold, observed_value, observed_bar, cached, " +
  "triggered_at, created_at, expires_at, idempotency_key; pattern alerts add reference and window) with headers " +
  "`X-Precedent-Signature: sha256=<hex HMAC-SHA256 of the body keyed with the alert's secret>`, the response-signing headers " +
  "`X-Response-Hash`, `X-Response-Signature`, `X-Signer` (checkable with /verify_signature), `Idempotency-Key: <watch_id>` and " +
  "`X-Precedent-Attempt`. Delivery is at least once: every attempt, including a resend after a node died mid-delivery, sends the " +
  "same body and Idempotency-Key with the next X-Precedent-Attempt, so deduplicate on Idempotency-Key. A 2xx answer delivers; anything else (3xx after 3 redirects, 4xx, 5xx, " +
  "timeout of 10 s, refused address) is retried after about 1 min, 6 min, 36 min, 3.6 h and 12 h (half of each plus random jitter). " +
  "The webhook URL must be https on port 443 or 8443 to a public address; it is checked at registration and again at every attempt " +
  "and redirect (SSRF protection).";

export const watchIdParam = () =>
  z
    .string({ error: "is required" })
    .regex(/^[0-9a-f]{32}$/, "must be the 32-hex-character watch_id returned at registration")
    .openapi({ description: "The alert's identifier (128 random bits, hex), returned at registration", example: "3f9a1c0e5b7d4a2f8e6c1b0a9d8e7f60" });

export const webhookUrlParam = () =>
  z
    .string({ error: "is required" })
    .max(2_048, "must be at most 2048 characters")
    .openapi({
      description: "https URL (port 443 or 8443) that receives the POST when the alert fires; must resolve only to public addresses",
      example: "https://hooks.example.com/precedent",
      format: "uri",
    });

export const expiresInDaysParam = () =>
  z.coerce
    .number({ error: "must be a whole number" })
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(90, "must be at most 90")
    .default(30)
    .openapi({ description: "Days until the alert expires if it has not fired (1 to 90, default 30)", example: 30, minimum: 1, maximum: 90, type: "integer" });

const iso = (description: string) => z.string().openapi({ description: `${description} (ISO 8601, UTC)` });
const isoOrNull = (description: string) => z.string().nullable().openapi({ description: `${description} (ISO 8601, UTC); null until it happens` });

export const AttemptSchema = z
  .object({
    attempt: z.number().int().openapi({ description: "1 for the first delivery, up to 6" }),
    at: iso("When the attempt was made"),
    http_status: z.number().int().nullable().openapi({ description: "The receiver's HTTP status; null when no answer came" }),
    error: z.string().nullable().openapi({ description: "Why the attempt did not deliver (status, timeout, refused address); null when delivered" }),
  })
  .openapi("AlertDeliveryAttempt");

export const alertStatusFields = {
  watch_id: z.string().openapi({ description: "The alert's identifier" }),
  status: z.enum(ALERT_STATES as [string, ...string[]]).openapi({ description: STATES_TEXT }),
  ticker: z.string().openapi({ description: "The watched ticker (normalised)" }),
  webhook_url: z.string().openapi({ description: "Where the webhook is delivered" }),
  created_at: iso("Registration time"),
  expires_at: iso("When an untriggered alert expires"),
  last_checked_at: isoOrNull("Last evaluation"),
  last_observed_bar: z.string().nullable().openapi({ description: "Date (or bar time, intraday) of the bar the last value was computed from; null before the first check" }),
  triggered_at: isoOrNull("When the condition held and the alert fired"),
  delivered_at: isoOrNull("When the receiver acknowledged the webhook"),
  next_attempt_at: isoOrNull("When the next delivery attempt is due, while `triggered`"),
  attempts: z.array(AttemptSchema).openapi({ description: "Every delivery attempt, oldest first" }),
};

export const cancelledNowField = {
  cancelled_now: z.boolean().openapi({ description: "True when this call moved the alert from active to cancelled; false when it had already left active (nothing changes)" }),
};

export const registrationFields = {
  secret: z.string().openapi({ description: "HMAC-SHA256 key (hex) of X-Precedent-Signature. Shown only in this response: store it" }),
  status_url: z.string().openapi({ description: "URL of the free status route for this alert" }),
  cancel_url: z.string().openapi({ description: "URL of the free cancel route for this alert" }),
};
