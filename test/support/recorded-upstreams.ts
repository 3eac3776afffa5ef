import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { SHARED_DIR } from "./shared-paths.js";

/*
 * The recorded upstream answers some documented examples are replayed on (Yahoo search news, a Hyperliquid
 * account), as injected fetches that load without vitest: scripts/examples.ts runs them outside the test runner,
 * and replay-fetch.ts imports vitest. Anything not recorded fails loudly, naming the request.
 */

type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const urlOf = (input: string | URL | Request) => (typeof input === "string" ? input : input instanceof URL ? input.href : input.url);

/**
 * An account with no clearinghouse on the xyz DEX, in the shape of the recorded main-DEX answer with nothing in
 * it. No xyz recording exists; this is the only constructed answer the trading examples are replayed on.
 */
export const EMPTY_CLEARINGHOUSE = JSON.stringify({
  assetPositions: [],
  crossMarginSummary: { accountValue: "0.0", totalMarginUsed: "0.0", totalNtlPos: "0.0", totalRawUsd: "0.0" },
  marginSummary: { accountValue: "0.0", totalMarginUsed: "0.0", totalNtlPos: "0.0", totalRawUsd: "0.0" },
  withdrawable: "0.0",
});

/**
 * Yahoo search (news) answered from ../shared/fixtures/yahoo/search-<SYMBOL>.json, recorded in Feb 2025 with
 * yahoo-finance2's defaults, whatever counts the adapter asks for. The recording is an envelope
 * `{request, response: {status, headers, bodyJson}}`; length and encoding headers are dropped (re-serialised).
 */
export function recordedYahooSearch(): Fetch {
  return async (input) => {
    const url = new URL(urlOf(input));
    const file = path.join(SHARED_DIR, "fixtures", "yahoo", `search-${url.searchParams.get("q")}.json`);
    if (!/^query[12]\.finance\.yahoo\.com$/.test(url.host) || url.pathname !== "/v1/finance/search" || !existsSync(file)) {
      throw new Error(`recorded-upstreams: no Yahoo search recording for ${url.href}`);
    }
    const { response } = JSON.parse(readFileSync(file, "utf8")) as { response: { status: number; headers?: Record<string, string | string[]>; bodyJson: unknown } };
    const headers = new Headers();
    for (const [key, value] of Object.entries(response.headers ?? {})) {
      if (/^(content-length|content-encoding|transfer-encoding)$/i.test(key)) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(key, v);
    }
    return new Response(JSON.stringify(response.bodyJson), { status: response.status, headers });
  };
}

/**
 * Hyperliquid's clearinghouseState: the main DEX answers with the recorded account of the hyperliquid-python-sdk
 * cassette test_get_user_state (2023, status 200), the xyz DEX with EMPTY_CLEARINGHOUSE.
 */
export function recordedHyperliquidAccount(): Fetch {
  return async (input, init) => {
    const body = JSON.parse(String(init?.body ?? "{}")) as { type?: string; dex?: string };
    if (urlOf(input) !== "https://api.hyperliquid.xyz/info" || body.type !== "clearinghouseState") {
      throw new Error(`recorded-upstreams: no Hyperliquid recording for ${urlOf(input)} ${body.type}`);
    }
    const recorded = body.dex === "" ? readFileSync(path.join(SHARED_DIR, "fixtures", "hyperliquid", "test_get_user_state.json"), "utf8") : EMPTY_CLEARINGHOUSE;
    return new Response(recorded, { headers: { "content-type": "application/json" } });
  };
}
