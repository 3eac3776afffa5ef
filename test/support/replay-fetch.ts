/**
 * Replays recorded upstream responses through an injected fetch (data-sources.md §4.5).
 *
 * Fixtures (and the daily dataset) are READ AT RUN TIME from `../shared` next to the repository, never copied
 * into it. When `../shared` is absent, suites built with `describeWithShared` are skipped and say why.
 *
 * - Yahoo: envelopes `{request:{url,method}, response:{status,statusText,headers,bodyJson|bodyText}}`
 *   served by normalised URL (crumb dropped, params sorted, query1/query2 one host); `crumbFlow: true`
 *   registers the recorded cookie/consent/crumb chain that quote/screener need.
 * - Hyperliquid: the extracted `.json` bodies, chosen by the POST body's `type`.
 * - Any request that matches nothing fails loudly with a ReplayMissError naming the request, and is
 *   also listed in `misses` so a test can assert there were none even if an adapter swallowed it.
 */
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { describe } from "vitest";
import { DAILY_DATASET_DIR, SHARED_DIR } from "./shared-paths.js";

/** The real daily history used by offline tests (`MARKET_DATA_DIR` in offline mode). */
export const SHARED_DAILY_DIR = DAILY_DATASET_DIR;
export const SHARED_AVAILABLE = existsSync(path.join(SHARED_DIR, "fixtures")) && existsSync(SHARED_DAILY_DIR);
export const SHARED_SKIP_REASON = `needs recorded fixtures and datasets in ${SHARED_DIR} (not found)`;

/** `describe` that is skipped, with the reason in its title, when ../shared is missing. */
export function describeWithShared(name: string, body: () => void): void {
  if (SHARED_AVAILABLE) {
    describe(name, body);
    return;
  }
  console.warn(`[skipped] ${name}: ${SHARED_SKIP_REASON}`);
  describe.skip(`${name} [skipped: ${SHARED_SKIP_REASON}]`, body);
}

export class ReplayMissError extends Error {
  override readonly name = "ReplayMissError";
}

export type ReplayFetch = ((input: string | URL | Request, init?: RequestInit) => Promise<Response>) & {
  /** Every request seen, as `METHOD normalised-url` (Yahoo) or `POST type` (Hyperliquid). */
  readonly calls: string[];
  readonly misses: string[];
};

export interface YahooEnvelope {
  request: { url: string; method?: string; [key: string]: unknown };
  response: {
    status: number;
    statusText?: string;
    headers?: Record<string, string | string[]>;
    bodyJson?: unknown;
    bodyText?: string;
    [key: string]: unknown;
  };
}

export interface ReplayRoute {
  /** Matched against the normalised request URL (Yahoo) or the request body's `type` (Hyperliquid). */
  match: string | RegExp;
  method?: string;
  respond: (init?: RequestInit) => Response | Promise<Response>;
  /** Serve this route only this many times, then fall through (e.g. one 429 before the real fixture). */
  times?: number;
}

const YAHOO_DIR = () => path.join(SHARED_DIR, "fixtures", "yahoo");
const HYPERLIQUID_DIR = () => path.join(SHARED_DIR, "fixtures", "hyperliquid");

/** The recorded consent + crumb chain, in the order yahoo-finance2 walks it. */
const CRUMB_FLOW = [
  "getCrumb-quote-AAPL.json.json", // the first-step recording whose gcrumb matches the consent step
  "getCrumb-quote-AAPL-consent.html.json",
  "getCrumb-quote-AAPL-collectConsent.html.json",
  "getCrumb-quote-AAPL-collectConsentSubmit.json",
  "getCrumb-quote-AAPL-copyConsent.json",
  "getCrumb-quote-AAPL-consent-final-redirect.html.json",
  "getCrumb-getcrumb.json",
];

/** A fresh, mutable copy of a Yahoo envelope (tests edit it to simulate drift). */
export function loadYahooEnvelope(name: string): YahooEnvelope {
  return JSON.parse(readFileSync(path.join(YAHOO_DIR(), name), "utf8")) as YahooEnvelope;
}

export function normalizeYahooUrl(raw: string): string {
  const url = new URL(raw);
  const host = /^query[12]\.finance\.yahoo\.com$/.test(url.host) ? "query.finance.yahoo.com" : url.host;
  const params = [...url.searchParams.entries()].filter(([key]) => key !== "crumb");
  params.sort(([a, av], [b, bv]) => (a === b ? av.localeCompare(bv) : a.localeCompare(b)));
  const query = new URLSearchParams(params).toString();
  return `${url.protocol}//${host}${url.pathname}${query ? `?${query}` : ""}`;
}

/** Builds a Response from a recorded envelope; length/encoding headers are dropped (we re-serialise). */
export function envelopeResponse(envelope: YahooEnvelope): Response {
  const headers = new Headers();
  for (const [key, value] of Object.entries(envelope.response.headers ?? {})) {
    if (/^(content-length|content-encoding|transfer-encoding)$/i.test(key)) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
  }
  const { status } = envelope.response;
  const body =
    status === 204 || status === 304
      ? null
      : envelope.response.bodyJson !== undefined
        ? JSON.stringify(envelope.response.bodyJson)
        : (envelope.response.bodyText ?? "");
  return new Response(body, { status, statusText: envelope.response.statusText ?? "", headers });
}

function takeRoute(routes: ReplayRoute[], key: string, method: string): ReplayRoute | undefined {
  const route = routes.find(
    (r) =>
      (r.times === undefined || r.times > 0) &&
      (r.method === undefined || r.method.toUpperCase() === method) &&
      (typeof r.match === "string" ? r.match === key : r.match.test(key)),
  );
  if (route?.times !== undefined) route.times -= 1;
  return route;
}

function requestUrl(input: string | URL | Request): string {
  return typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
}

function asReplayFetch(
  handler: (input: string | URL | Request, init: RequestInit | undefined, calls: string[], misses: string[]) => Promise<Response>,
): ReplayFetch {
  const calls: string[] = [];
  const misses: string[] = [];
  const fetch = (input: string | URL | Request, init?: RequestInit) => handler(input, init, calls, misses);
  return Object.assign(fetch, { calls, misses });
}

export interface YahooReplayOptions {
  /** Fixture file names under fixtures/yahoo, or envelopes (edited copies, synthesized cases). */
  fixtures?: Array<string | YahooEnvelope>;
  crumbFlow?: boolean;
  /** Consulted before the fixtures, in order. */
  routes?: ReplayRoute[];
}

export function createYahooReplayFetch(options: YahooReplayOptions): ReplayFetch {
  const table = new Map<string, YahooEnvelope>();
  const all = [...(options.crumbFlow ? CRUMB_FLOW : []), ...(options.fixtures ?? [])];
  for (const item of all) {
    const envelope = typeof item === "string" ? loadYahooEnvelope(item) : item;
    const method = (envelope.request.method ?? "GET").toUpperCase();
    table.set(`${method} ${normalizeYahooUrl(envelope.request.url)}`, envelope);
  }
  const routes = options.routes ?? [];
  return asReplayFetch(async (input, init, calls, misses) => {
    const method = (init?.method ?? "GET").toUpperCase();
    const normalized = normalizeYahooUrl(requestUrl(input));
    const key = `${method} ${normalized}`;
    calls.push(key);
    const route = takeRoute(routes, normalized, method);
    if (route) return route.respond(init);
    const envelope = table.get(key);
    if (envelope) return envelopeResponse(envelope);
    misses.push(key);
    throw new ReplayMissError(`replay-fetch: no Yahoo fixture for ${key}\nknown:\n  ${[...table.keys()].join("\n  ")}`);
  });
}

/** The raw body of an extracted Hyperliquid cassette (`test_get_user_state` -> its .json text). */
export function loadHyperliquidBody(stem: string): string {
  return readFileSync(path.join(HYPERLIQUID_DIR(), `${stem}.json`), "utf8");
}

/**
 * Status line of the LAST interaction of a vcrpy cassette. A two-field scrape rather than a YAML
 * parser (no YAML package in the project); the cassettes are machine-written and regular.
 */
export function readCassetteStatus(stem: string): { status: number; statusText: string } {
  const text = readFileSync(path.join(HYPERLIQUID_DIR(), `${stem}.yaml`), "utf8");
  const matches = [...text.matchAll(/\n\s+status:\s*\n\s+code: (\d+)\s*\n\s+message: ([^\n]*)/g)];
  const last = matches.at(-1);
  if (!last) throw new Error(`no status in cassette ${stem}`);
  return { status: Number(last[1]), statusText: (last[2] ?? "").trim() };
}

/** A recorded Hyperliquid answer: the extracted body with the cassette's own status. */
export function hyperliquidCassetteResponse(stem: string): Response {
  const { status, statusText } = readCassetteStatus(stem);
  return new Response(loadHyperliquidBody(stem), { status, statusText, headers: { "content-type": "application/json" } });
}

export interface HyperliquidReplayOptions {
  /** Request body `type` -> cassette stem whose recorded answer is served. */
  byType?: Record<string, string>;
  /** Consulted before `byType`; `match` is tested against the body's `type`. */
  routes?: ReplayRoute[];
}

export function createHyperliquidReplayFetch(options: HyperliquidReplayOptions): ReplayFetch {
  const routes = options.routes ?? [];
  return asReplayFetch(async (input, init, calls, misses) => {
    const url = requestUrl(input);
    const method = (init?.method ?? "GET").toUpperCase();
    let type = "?";
    try {
      type = String((JSON.parse(String(init?.body)) as { type?: unknown }).type);
    } catch {
      // leave "?": reported as a miss below
    }
    const key = `${method} ${url} ${type}`;
    calls.push(key);
    if (method === "POST" && url === "https://api.hyperliquid.xyz/info") {
      const route = takeRoute(routes, type, method);
      if (route) return route.respond(init);
      const stem = options.byType?.[type];
      if (stem) return hyperliquidCassetteResponse(stem);
    }
    misses.push(key);
    throw new ReplayMissError(`replay-fetch: no Hyperliquid fixture for ${key}`);
  });
}
