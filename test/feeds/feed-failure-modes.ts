import { expect, it } from "vitest";
import type { FeedClientDeps } from "../../src/providers/feeds/feed-http.js";
import { appError } from "../support/caught-app-error.js";
import { createYahooReplayFetch, type ReplayRoute } from "../support/replay-fetch.js";

/** A replay fetch answering every request to `match` with `respond` (no real network; the guard stays on). */
export function feedFetch(match: RegExp, respond: ReplayRoute["respond"]) {
  return createYahooReplayFetch({ routes: [{ match, respond }] });
}

export const noSleep = async () => undefined;

/**
 * The transport failure modes of data-sources.md §4.5 that every feed adapter must turn into 503-class
 * errors: a bot wall (418), a rate limit with Retry-After (429), a 5xx, a timeout and an HTML page with
 * status 200. `call` builds the adapter on the given transport and makes one request.
 */
export function itHandlesTransportFailures(match: RegExp, call: (deps: FeedClientDeps) => Promise<unknown>): void {
  it("turns a 418 bot wall into UPSTREAM_UNAVAILABLE with a long Retry-After", async () => {
    const error = await appError(call({ fetch: feedFetch(match, () => new Response("I'm a teapot. You're a bot.", { status: 418 })), sleep: noSleep }));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toMatch(/418/);
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(60);
  });

  it("passes a 429's Retry-After on to the caller", async () => {
    const fetch = feedFetch(match, () => new Response("slow down", { status: 429, headers: { "Retry-After": "120" } }));
    const error = await appError(call({ fetch, sleep: noSleep }));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.retryAfterSeconds).toBe(120);
    expect(fetch.calls).toHaveLength(1); // a 2-minute hint is not waited out
  });

  it("retries a 5xx and then reports the upstream unavailable", async () => {
    const fetch = feedFetch(match, () => new Response("<html>Bad gateway</html>", { status: 502 }));
    const error = await appError(call({ fetch, sleep: noSleep }));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toMatch(/HTTP 502/);
    expect(fetch.calls.length).toBeGreaterThan(1);
  });

  it("gives up on a request that never answers", async () => {
    const fetch = feedFetch(match, (init) => new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason))));
    const error = await appError(call({ fetch, sleep: noSleep, timeoutMs: 30 }));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toMatch(/timed out/);
  });

  it("treats an HTML page served with 200 as upstream trouble", async () => {
    const fetch = feedFetch(match, () => new Response("<!DOCTYPE html><html><body>Access denied</body></html>", { status: 200, headers: { "content-type": "text/html" } }));
    const error = await appError(call({ fetch, sleep: noSleep }));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toMatch(/HTML/);
  });
}
