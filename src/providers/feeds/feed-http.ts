import type { z } from "zod";
import { AppError } from "../../domain/app-error.js";
import type { Clock } from "../../domain/clock.js";
import { createHttpClient, type FetchLike, type HttpClient } from "../http/http-client.js";

/** Feeds that refuse Node's default User-Agent (CNN answers 418, Nasdaq hangs) get a browser's. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

/** What every feed adapter accepts: the transport (a replay fetch in tests) and the knobs tests turn. */
export interface FeedClientDeps {
  fetch?: FetchLike;
  timeoutMs?: number;
  sleep?: (ms: number) => Promise<void>;
  clock?: Clock;
}

/** The HTTP client of one feed adapter: its own per-host budget, transient-only retries. */
export function feedHttpClient(upstream: string, deps: FeedClientDeps, defaults: { timeoutMs: number; maxRetries: number }): HttpClient {
  return createHttpClient({
    fetch: deps.fetch,
    upstream,
    timeoutMs: deps.timeoutMs ?? defaults.timeoutMs,
    maxRetries: defaults.maxRetries,
    concurrencyPerHost: 1,
    sleep: deps.sleep,
    clock: deps.clock,
  });
}

/** How long a caller should wait after a bot wall or refusal: they do not clear in seconds. */
const REFUSED_RETRY_AFTER_SECONDS = 300;

export interface FeedResponse {
  status: number;
  text: string;
}

/**
 * One GET through the shared HTTP client (timeout, retries on 429/5xx with Retry-After). Refusals that
 * retrying cannot fix quickly (401/403/418 bot walls) become UPSTREAM_UNAVAILABLE here; other statuses are
 * returned for the adapter to judge (arXiv's 400 is an answer about the query, not an outage).
 */
export async function getFeed(http: HttpClient, upstream: string, url: string, headers: Record<string, string>): Promise<FeedResponse> {
  const res = await http.fetch(url, { headers });
  const text = await res.text();
  if (res.status === 401 || res.status === 403 || res.status === 418) {
    throw new AppError("UPSTREAM_UNAVAILABLE", `${upstream} refused the request: HTTP ${res.status}${res.status === 418 ? " (bot wall)" : ""}`, {
      retryAfterSeconds: REFUSED_RETRY_AFTER_SECONDS,
    });
  }
  return { status: res.status, text };
}

/** Any status we do not map explicitly: upstream trouble, never the caller's fault. */
export function unexpectedStatus(upstream: string, status: number): AppError {
  return new AppError("UPSTREAM_UNAVAILABLE", `${upstream} answered HTTP ${status}`, { retryAfterSeconds: 60 });
}

/** An error or consent page served with status 200 instead of the data. */
export function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html)/i.test(text);
}

export function htmlPageError(upstream: string): AppError {
  return new AppError("UPSTREAM_UNAVAILABLE", `${upstream} answered with an HTML page instead of data`, { retryAfterSeconds: 60 });
}

/** The body as JSON; an HTML page or garbage is upstream trouble (503), not a schema change. */
export function parseJsonBody(upstream: string, text: string): unknown {
  if (looksLikeHtml(text)) throw htmlPageError(upstream);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("UPSTREAM_UNAVAILABLE", `${upstream} answered with a body that is not JSON`, { retryAfterSeconds: 60 });
  }
}

/** A feed that answers 200 with a JSON body: any other status, an HTML page or garbage is upstream trouble (503). */
export async function getJsonFeed(http: HttpClient, upstream: string, url: string, headers: Record<string, string>): Promise<unknown> {
  const res = await getFeed(http, upstream, url, headers);
  if (res.status !== 200) throw unexpectedStatus(upstream, res.status);
  return parseJsonBody(upstream, res.text);
}

/** Validates only the fields we map; drift is reported naming the first field that moved. */
export function parseMapped<S extends z.ZodType>(upstream: string, schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError(
    "UPSTREAM_SCHEMA_CHANGED",
    `${upstream} answer lacks fields we map: ${issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "?"}`,
  );
}

/** ISO date (YYYY-MM-DD, UTC) of an epoch-ms instant. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}
