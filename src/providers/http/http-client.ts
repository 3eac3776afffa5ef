import { AppError } from "../../domain/app-error.js";
import { systemClock, type Clock } from "../../domain/clock.js";
import { backoffDelayMs } from "./backoff-delay.js";
import { createHostLimiter } from "./host-limiter.js";
import { parseRetryAfterSeconds } from "./retry-after.js";

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface HttpClientOptions {
  /** Where requests really go. Default: `globalThis.fetch`, looked up per call so test guards apply. */
  fetch?: FetchLike;
  /** Per attempt, covering headers AND body, so a stalled body cannot hang a request. */
  timeoutMs: number;
  /** Retries after the first attempt, for transient failures only. */
  maxRetries: number;
  concurrencyPerHost: number;
  /** Name used in error messages ("Yahoo Finance"). */
  upstream?: string;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited out: we fail at once and pass the hint on. */
  maxRetryAfterMs?: number;
  /** What we tell our caller when the upstream gave no Retry-After. */
  defaultRetryAfterSeconds?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  clock?: Clock;
  /** Appended to the UPSTREAM_UNAVAILABLE message: what the caller or operator can do about it. */
  unavailableHint?: string;
  /** Called once per request we give up on (after its retries), so every upstream failure is logged once. */
  onGiveUp?: (failure: UpstreamFailure) => void;
}

/** One request we gave up on: which upstream, where, why (HTTP status or network/timeout), after how long. */
export interface UpstreamFailure {
  upstream: string;
  host: string;
  path: string;
  /** The last attempt's HTTP status; undefined for a timeout or a network error. */
  status: number | undefined;
  reason: string;
  attempts: number;
  durationMs: number;
}

export interface HttpClient {
  /**
   * fetch-compatible. Returns the upstream's response (fully buffered) for anything that is not a
   * transient failure, 4xx included: deciding what a 404 means is the adapter's job. Throws AppError
   * UPSTREAM_UNAVAILABLE once retries are exhausted. Retries assume idempotent requests with a
   * replayable body (string or bytes), which holds for every upstream we call.
   */
  fetch: FetchLike;
}

type Outcome =
  | { kind: "response"; response: Response }
  | { kind: "transient"; reason: string; status?: number; retryAfterSeconds?: number; cause?: unknown };

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const NETWORK_CODES = /^(E[A-Z]+|UND_ERR_[A-Z_]+)$/;

/** 429 and 5xx are worth another try; 501/505 say "never", and other 4xx are answers, not accidents. */
function isTransientStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599 && status !== 501 && status !== 505);
}

function hasNetworkCode(value: unknown): boolean {
  const code = (value as { code?: unknown } | null | undefined)?.code;
  return typeof code === "string" && NETWORK_CODES.test(code);
}

/** undici reports socket trouble as `TypeError("fetch failed")` with the system error as `cause`. */
function isNetworkError(error: unknown): boolean {
  if (hasNetworkCode(error)) return true;
  return error instanceof TypeError && (error.message === "fetch failed" || hasNetworkCode(error.cause));
}

function urlOf(input: string | URL | Request): URL {
  return new URL(typeof input === "string" ? input : input instanceof URL ? input.href : input.url);
}

async function bufferResponse(res: Response): Promise<Response> {
  // Opaque redirects (status 0) cannot be rebuilt; hand them over as they are.
  if (res.status < 200 || res.status > 599) return res;
  const body = NULL_BODY_STATUSES.has(res.status) ? null : await res.arrayBuffer();
  const copy = new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  Object.defineProperty(copy, "url", { value: res.url });
  return copy;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const upstream = options.upstream ?? "upstream";
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 4_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 10_000;
  const defaultRetryAfterSeconds = options.defaultRetryAfterSeconds ?? 30;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const clock = options.clock ?? systemClock;
  const limiter = createHostLimiter(options.concurrencyPerHost);
  const rawFetch: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function once(input: string | URL | Request, init: RequestInit | undefined): Promise<Outcome> {
    const controller = new AbortController();
    const callerSignal = init?.signal ?? undefined;
    // An abort that landed while we queued for a slot would never fire its event again.
    if (callerSignal?.aborted) throw callerSignal.reason;
    let timedOut = false;
    let rejectOnAbort: (reason: unknown) => void = () => {};
    // Raced against the fetch so a fetch that ignores its signal still cannot outlive the timeout.
    const aborted = new Promise<never>((_, reject) => {
      rejectOnAbort = reject;
    });
    const onAbort = (): void => rejectOnAbort(controller.signal.reason);
    controller.signal.addEventListener("abort", onAbort, { once: true });
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error(`timed out after ${options.timeoutMs} ms`));
    }, options.timeoutMs);
    const onCallerAbort = (): void => controller.abort(callerSignal?.reason);
    callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
    try {
      const work = (async (): Promise<Outcome> => {
        const res = await rawFetch(input, { ...init, signal: controller.signal });
        if (isTransientStatus(res.status)) {
          await res.body?.cancel().catch(() => undefined);
          const retryAfterSeconds = parseRetryAfterSeconds(res.headers.get("retry-after"), clock.nowMs());
          return { kind: "transient", reason: `HTTP ${res.status}`, status: res.status, retryAfterSeconds };
        }
        return { kind: "response", response: await bufferResponse(res) };
      })();
      work.catch(() => undefined); // the race below may settle first; never leave a rejection unhandled
      return await Promise.race([work, aborted]);
    } catch (error) {
      if (callerSignal?.aborted) throw callerSignal.reason ?? error;
      if (timedOut) return { kind: "transient", reason: `timed out after ${options.timeoutMs} ms`, cause: error };
      if (isNetworkError(error)) return { kind: "transient", reason: `network error (${String(error)})`, cause: error };
      throw error; // a bug or a test double's loud failure: never retried, never disguised
    } finally {
      clearTimeout(timer);
      controller.signal.removeEventListener("abort", onAbort);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    }
  }

  async function fetchWithRetries(input: string | URL | Request, init?: RequestInit): Promise<Response> {
    const url = urlOf(input);
    const startedMs = clock.nowMs();
    for (let attempt = 0; ; attempt += 1) {
      if (init?.signal?.aborted) throw init.signal.reason;
      const outcome = await limiter.run(url.host, () => once(input, init));
      if (outcome.kind === "response") return outcome.response;

      const hintMs = outcome.retryAfterSeconds === undefined ? undefined : outcome.retryAfterSeconds * 1000;
      const giveUp = attempt >= options.maxRetries || (hintMs !== undefined && hintMs > maxRetryAfterMs);
      if (giveUp) {
        options.onGiveUp?.({
          upstream,
          host: url.host,
          path: url.pathname,
          status: outcome.status,
          reason: outcome.reason,
          attempts: attempt + 1,
          durationMs: clock.nowMs() - startedMs,
        });
        const hint = options.unavailableHint === undefined ? "" : `. ${options.unavailableHint}`;
        throw new AppError(
          "UPSTREAM_UNAVAILABLE",
          `${upstream} unavailable after ${attempt + 1} attempt(s): ${outcome.reason} (${url.host}${url.pathname})${hint}`,
          { retryAfterSeconds: outcome.retryAfterSeconds ?? defaultRetryAfterSeconds, publicHint: options.unavailableHint, cause: outcome.cause },
        );
      }
      // The slot is released while we wait, so other requests to the host are not starved.
      await sleep(hintMs ?? backoffDelayMs(attempt, baseDelayMs, maxDelayMs, random));
    }
  }

  return { fetch: fetchWithRetries };
}
