import { AppError } from "../../domain/app-error.js";
import type { Clock } from "../../domain/clock.js";
import type { FeedSnapshots } from "../../storage/repos/feed-snapshots.js";

export type SnapshotRepository = Pick<FeedSnapshots, "put" | "latest" | "between" | "containing">;

/** How one upstream feed is cached (TTLs from data-sources.md §4.4). */
export interface FeedPolicy {
  /** Stable storage name of the upstream answer ("cnn-fear-greed"). */
  source: string;
  /** Human name used in messages ("CNN Fear & Greed"). */
  label: string;
  /** Inside this age a stored snapshot is served without asking the upstream. */
  ttlMs: number;
}

export interface Served<T> {
  value: T;
  fetchedAtMs: number;
  /** True when no upstream request was made for this answer (fresh reuse or stale fallback). */
  cached: boolean;
  /** True when the upstream failed and an older snapshot stands in (its real fetched_at is shown). */
  stale: boolean;
}

export interface WarnLogger {
  warn(fields: Record<string, unknown>, message: string): void;
}

const FALLBACK_ERRORS = new Set(["UPSTREAM_UNAVAILABLE", "UPSTREAM_SCHEMA_CHANGED"]);
const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** What a failed upstream said, for the one warn line: its HTTP status when the message names one. */
function upstreamStatusOf(error: AppError): string {
  const http = /HTTP (\d{3})/.exec(error.message);
  if (http) return http[1]!;
  if (/timed out/.test(error.message)) return "timeout";
  return error.code;
}

/**
 * The read-through snapshot store every feed route goes through. A snapshot younger than the TTL is served
 * with no upstream request; otherwise the upstream is asked and its answer stored. When the upstream fails,
 * the newest stored snapshot is served (`cached`, `stale`, its real fetch time); with nothing stored the
 * caller gets 503 UPSTREAM_UNAVAILABLE saying when to retry and how to load recordings offline. Nothing is
 * ever filled in. Identical concurrent misses share one upstream request.
 */
export class SnapshotCache {
  private readonly inFlight = new Map<string, Promise<Served<unknown>>>();

  constructor(
    private readonly store: SnapshotRepository,
    private readonly clock: Clock,
    private readonly logger: WarnLogger,
  ) {}

  /** `ttlMs` overrides the policy's for keys that age differently (a past calendar day changes less than today). */
  async get<T>(policy: FeedPolicy, key: string, fetchUpstream: () => Promise<T>, ttlMs = policy.ttlMs): Promise<Served<T>> {
    const flightKey = `${policy.source}\u0000${key}`;
    const pending = this.inFlight.get(flightKey);
    if (pending) return pending as Promise<Served<T>>;
    const work = this.load(policy, key, fetchUpstream, ttlMs).finally(() => this.inFlight.delete(flightKey));
    this.inFlight.set(flightKey, work);
    return work;
  }

  /** Stores an answer obtained elsewhere (scheduled jobs, the recordings importer). */
  async record(source: string, key: string, fetchedAtMs: number, value: unknown): Promise<void> {
    await this.store.put(source, key, fetchedAtMs, value);
  }

  /** Every stored snapshot of a source fetched in [fromMs, toMs), oldest first (for aggregates). */
  async history<T>(source: string, fromMs: number, toMs: number): Promise<Array<{ key: string; fetchedAtMs: number; value: T }>> {
    const rows = await this.store.between(source, fromMs, toMs);
    return rows.map((r) => ({ key: r.key, fetchedAtMs: r.fetchedAtMs, value: r.payload as T }));
  }

  /** Every stored snapshot of a source whose stored JSON contains `needle` verbatim, oldest first. */
  async containing<T>(source: string, needle: string): Promise<Array<{ key: string; fetchedAtMs: number; value: T }>> {
    const rows = await this.store.containing(source, needle);
    return rows.map((r) => ({ key: r.key, fetchedAtMs: r.fetchedAtMs, value: r.payload as T }));
  }

  /** The newest stored snapshot, without asking the upstream. */
  async latest<T>(source: string, key: string): Promise<Served<T> | undefined> {
    const stored = await this.store.latest(source, key);
    return stored === undefined ? undefined : { value: stored.payload as T, fetchedAtMs: stored.fetchedAtMs, cached: true, stale: false };
  }

  private async load<T>(policy: FeedPolicy, key: string, fetchUpstream: () => Promise<T>, ttlMs: number): Promise<Served<T>> {
    const stored = await this.store.latest(policy.source, key);
    const nowMs = this.clock.nowMs();
    if (stored !== undefined && nowMs - stored.fetchedAtMs < ttlMs && stored.fetchedAtMs <= nowMs) {
      return { value: stored.payload as T, fetchedAtMs: stored.fetchedAtMs, cached: true, stale: false };
    }
    let value: T;
    try {
      value = await fetchUpstream();
    } catch (error) {
      if (!(error instanceof AppError) || !FALLBACK_ERRORS.has(error.code)) throw error;
      this.logger.warn(
        { source: policy.source, key, status: upstreamStatusOf(error), duration_ms: this.clock.nowMs() - nowMs, err: error.message },
        "upstream feed failed",
      );
      if (stored !== undefined) return { value: stored.payload as T, fetchedAtMs: stored.fetchedAtMs, cached: true, stale: true };
      throw unavailable(policy, error);
    }
    await this.store.put(policy.source, key, nowMs, value);
    return { value, fetchedAtMs: nowMs, cached: false, stale: false };
  }
}

function unavailable(policy: FeedPolicy, cause: AppError): AppError {
  const retryAfterSeconds = cause.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS;
  // The cause may quote the upstream: it stays in the log; the caller gets what to do.
  const whatToDo =
    `No earlier snapshot of ${policy.label} is stored. Retry after ${retryAfterSeconds} s; ` +
    "on a machine without internet, load recorded responses first with `npm run snapshots:import <dir>` (e.g. ../shared/fixtures).";
  return new AppError("UPSTREAM_UNAVAILABLE", `${policy.label} is unavailable (${cause.message}). ${whatToDo}`, {
    retryAfterSeconds,
    publicHint: whatToDo,
    cause,
  });
}
