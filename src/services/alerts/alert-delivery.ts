import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import type { AlertRecord, DeliveryAttempt } from "../../domain/alert.js";
import type { ResponseSignature } from "../../payments/response-signer.js";
import type { SafeOutboundClient } from "../../providers/http/safe-outbound-client.js";
import type { AttemptOutcome, AlertStore } from "../../storage/repos/alert-store.js";
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs, webhookSignature } from "./webhook-payload.js";

/**
 * How long a claimed delivery stays with its node: three times the outbound client's total timeout (10 s, the
 * whole exchange, redirects included), so a live claim does not lapse mid-call, and short, so that a delivery
 * cut short by a crash is due again on the other nodes within half a minute (plus one delivery tick).
 */
export const CLAIM_LEASE_MS = 30_000;
const BATCH = 50;

export interface DeliveryReport {
  attempted: number;
  delivered: number;
  failed: number;
}

/**
 * One delivery tick: each due triggered alert is claimed (conditional UPDATE, one node wins, the attempt number
 * taken with it), POSTed through the SSRF-safe client with its HMAC, our response signature and an idempotency
 * key, and the attempt is recorded. A 2xx delivers; anything else is retried with backoff until the sixth
 * attempt fails. Delivery is at least once: an attempt whose node died before recording it is made again, with
 * the next attempt number and the same idempotency key, once its claim lapses.
 */
export class AlertDelivery {
  constructor(
    private readonly store: AlertStore,
    private readonly outbound: Pick<SafeOutboundClient, "request">,
    private readonly sign: (body: Uint8Array) => Promise<ResponseSignature>,
    private readonly random: () => number = Math.random,
  ) {}

  async deliverDue(nowMs: number, logger: Logger, signal?: AbortSignal): Promise<DeliveryReport> {
    const report: DeliveryReport = { attempted: 0, delivered: 0, failed: 0 };
    for (const due of await this.store.dueDeliveries(nowMs, BATCH)) {
      if (signal?.aborted === true) break;
      const token = randomBytes(16).toString("hex");
      if (!(await this.store.claimDelivery(due.watchId, token, nowMs, CLAIM_LEASE_MS))) continue;
      // Re-read under the claim: the attempt number is the one the claim took.
      const alert = await this.store.get(due.watchId);
      if (alert === undefined || alert.payload === null) continue;
      report.attempted += 1;
      const attempt = await this.post(alert, nowMs);
      const outcome = this.outcomeOf(attempt, nowMs);
      if (outcome.state === "delivered") report.delivered += 1;
      if (outcome.state === "failed") report.failed += 1;
      if (!(await this.store.finishAttempt(alert.watchId, token, attempt, outcome))) {
        logger.warn({ watchId: alert.watchId }, "delivery claim lapsed before the attempt was recorded");
      }
    }
    return report;
  }

  private async post(alert: AlertRecord, nowMs: number): Promise<DeliveryAttempt> {
    const body = alert.payload!;
    const signature = await this.sign(Buffer.from(body, "utf8"));
    const attempt = alert.attempts;
    try {
      const response = await this.outbound.request(alert.webhookUrl, {
        method: "POST",
        body,
        headers: {
          "content-type": "application/json",
          "x-precedent-signature": webhookSignature(body, alert.secret),
          "x-response-hash": signature.hashHeader,
          "x-response-signature": signature.signature,
          "x-signer": signature.signer,
          "idempotency-key": alert.watchId,
          "x-precedent-watch-id": alert.watchId,
          "x-precedent-attempt": String(attempt),
        },
      });
      const ok = response.status >= 200 && response.status < 300;
      return { attempt, atMs: nowMs, httpStatus: response.status, error: ok ? null : `receiver answered ${response.status}` };
    } catch (error) {
      const kind = (error as { kind?: string }).kind;
      const message = error instanceof Error ? error.message : String(error);
      return { attempt, atMs: nowMs, httpStatus: null, error: kind === undefined ? message : `${kind}: ${message}` };
    }
  }

  private outcomeOf(attempt: DeliveryAttempt, nowMs: number): AttemptOutcome {
    if (attempt.error === null) return { state: "delivered" };
    if (attempt.attempt >= MAX_DELIVERY_ATTEMPTS) return { state: "failed" };
    return { state: "triggered", nextAttemptAtMs: nowMs + retryDelayMs(attempt.attempt, this.random) };
  }
}
