import type { z } from "zod";
import { AppError } from "../../../domain/app-error.js";
import type { Clock } from "../../../domain/clock.js";
import { createHttpClient, type FetchLike } from "../../http/http-client.js";

export const HYPERLIQUID_INFO_URL = "https://api.hyperliquid.xyz/info";

export interface HyperliquidInfoClientOptions {
  fetch?: FetchLike;
  url?: string;
  timeoutMs?: number;
  maxRetries?: number;
  concurrencyPerHost?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  clock?: Clock;
}

export interface HyperliquidInfoClient {
  /** POSTs `body` to /info and returns the answer parsed by `schema`; `what` names it in errors. */
  post<S extends z.ZodType>(body: Record<string, unknown>, schema: S, what: string): Promise<z.output<S>>;
}

/**
 * Plain fetch + zod for Hyperliquid's info endpoint (two request types; no SDK needed). Info requests
 * are reads, so the HTTP client may retry them; 429/5xx/timeouts surface as UPSTREAM_UNAVAILABLE.
 */
export function createHyperliquidInfoClient(options: HyperliquidInfoClientOptions = {}): HyperliquidInfoClient {
  const url = options.url ?? HYPERLIQUID_INFO_URL;
  const http = createHttpClient({
    fetch: options.fetch,
    upstream: "Hyperliquid",
    timeoutMs: options.timeoutMs ?? 8_000,
    maxRetries: options.maxRetries ?? 2,
    concurrencyPerHost: options.concurrencyPerHost ?? 4,
    sleep: options.sleep,
    random: options.random,
    clock: options.clock,
  });

  return {
    async post(body, schema, what) {
      const res = await http.fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const text = await res.text();
      if (!res.ok) {
        // Not transient (the client retried those): a 4xx means the venue rejected what we sent.
        throw new AppError("UPSTREAM_UNAVAILABLE", `Hyperliquid rejected ${what} (HTTP ${res.status}): ${text.slice(0, 200)}`, {
          retryAfterSeconds: 60,
        });
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        throw new AppError("UPSTREAM_UNAVAILABLE", `Hyperliquid answered ${what} with a non-JSON body`, { cause: error, retryAfterSeconds: 60 });
      }
      const parsed = schema.safeParse(json);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue ? `${issue.path.join(".") || "(root)"}: ${issue.message}` : "?";
        throw new AppError("UPSTREAM_SCHEMA_CHANGED", `Hyperliquid ${what} answer lacks fields we map: ${where}`);
      }
      return parsed.data;
    },
  };
}
