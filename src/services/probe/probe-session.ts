import type { CheckId, RequestTiming } from "../../domain/probe-report.js";
import type { OutboundFailure, SafeOutboundClient, SafeRequestInit, SafeResponse } from "../../providers/http/safe-outbound-client.js";

export interface ProbeLimits {
  /** Most requests one probe sends to the origin, retries included. */
  maxRequests: number;
  /** Wall time of one probe; requests still running at the deadline are aborted. */
  totalMs: number;
}

/** An answer, or why there is none: the request budget or the deadline ran out, a policy refusal, a network failure. */
export type Exchange =
  | { ok: true; response: SafeResponse; text: string; ms: number }
  | { ok: false; reason: "budget" | "deadline" | "blocked" | "timeout" | "too_large" | "network"; message: string };

/**
 * The requests of one probe, all through the SSRF-safe client, counted against the request budget and
 * one deadline, each timed. A request the budget or the deadline does not allow is not sent.
 */
export class ProbeSession {
  readonly timings: RequestTiming[] = [];
  private sent = 0;
  private readonly deadline: AbortController = new AbortController();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly client: SafeOutboundClient,
    readonly origin: URL,
    private readonly limits: ProbeLimits,
    private readonly nowMs: () => number,
  ) {
    this.timer = setTimeout(() => this.deadline.abort(), limits.totalMs);
    this.timer.unref();
  }

  get requestsSent(): number {
    return this.sent;
  }

  /** `target` is a path on the origin or an absolute URL (a resource the origin named). */
  async send(check: CheckId, target: string, init: SafeRequestInit = {}): Promise<Exchange> {
    if (this.deadline.signal.aborted) return { ok: false, reason: "deadline", message: `the probe's ${this.limits.totalMs / 1000} s were used up` };
    if (this.sent >= this.limits.maxRequests) return { ok: false, reason: "budget", message: `the probe's budget of ${this.limits.maxRequests} requests was used up` };
    this.sent += 1;
    const url = new URL(target, this.origin);
    const started = this.nowMs();
    const method = init.method ?? "GET";
    try {
      // Redirect hops are requests too: they may only use what is left of the budget (at most 2).
      const maxRedirects = Math.min(2, this.limits.maxRequests - this.sent);
      const response = await this.client.request(url.toString(), { ...init, signal: this.deadline.signal, maxRedirects });
      this.sent += response.redirects.length;
      const ms = this.nowMs() - started;
      this.timings.push({ check, method, path: url.pathname, status: response.status, ms });
      return { ok: true, response, text: Buffer.from(response.body).toString("utf8"), ms };
    } catch (error) {
      this.timings.push({ check, method, path: url.pathname, status: null, ms: this.nowMs() - started });
      // Services see the client as a type only: its two error classes are told apart by their fields.
      const failure = error as { code?: string; reason?: string; kind?: OutboundFailure; message?: string; redirectsFollowed?: number };
      this.sent += failure.redirectsFollowed ?? 0;
      if (failure.code === "ESSRF") return { ok: false, reason: "blocked", message: failure.reason ?? "refused by the outbound policy" };
      if (failure.kind === undefined) throw error;
      const reason = this.deadline.signal.aborted ? "deadline" : failure.kind === "too_many_redirects" ? "network" : failure.kind;
      return { ok: false, reason, message: failure.message ?? failure.kind };
    }
  }

  close(): void {
    clearTimeout(this.timer);
  }
}

/** A short account of a failed exchange, for a check's evidence. */
export function failureEvidence(what: string, exchange: Exclude<Exchange, { ok: true }>): string {
  return `${what}: no answer (${exchange.reason}: ${exchange.message})`;
}
