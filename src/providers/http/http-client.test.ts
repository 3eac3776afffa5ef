import { describe, expect, it } from "vitest";
import { AppError } from "../../domain/app-error.js";
import { createHttpClient, type FetchLike, type HttpClientOptions } from "./http-client.js";

const URL_A = "https://api.example.test/data";

/** A fetch double that answers from a script, one entry per call, and records what it saw. */
function scripted(steps: Array<(init?: RequestInit) => Promise<Response> | Response>) {
  const calls: Array<{ url: string; init?: RequestInit }> = [];
  const fetch: FetchLike = async (input, init) => {
    calls.push({ url: String(input), init });
    const step = steps[Math.min(calls.length - 1, steps.length - 1)];
    if (!step) throw new Error("no step");
    return step(init);
  };
  return { fetch, calls };
}

function client(fetch: FetchLike, extra: Partial<HttpClientOptions> = {}) {
  const sleeps: number[] = [];
  const http = createHttpClient({
    fetch,
    timeoutMs: 1_000,
    maxRetries: 2,
    concurrencyPerHost: 2,
    upstream: "Example",
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    random: () => 0.5,
    clock: { nowMs: () => Date.parse("2025-02-16T12:00:00Z") },
    ...extra,
  });
  return { http, sleeps };
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error("expected a rejection");
}

/** Rejects with an AbortError when the signal fires, like a real fetch stuck on a silent server. */
function hang(init?: RequestInit): Promise<Response> {
  return new Promise((_, reject) => {
    init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
  });
}

describe("createHttpClient", () => {
  it("returns a successful response with its body, headers and url", async () => {
    const { fetch } = scripted([() => new Response('{"ok":true}', { status: 200, headers: { "x-a": "1" } })]);
    const res = await client(fetch).http.fetch(URL_A);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-a")).toBe("1");
    expect(await res.json()).toEqual({ ok: true });
  });

  it("retries a 429, waiting the Retry-After seconds, then succeeds", async () => {
    const { fetch, calls } = scripted([
      () => new Response("Too Many Requests", { status: 429, headers: { "retry-after": "2" } }),
      () => new Response("ok", { status: 200 }),
    ]);
    const { http, sleeps } = client(fetch);
    const res = await http.fetch(URL_A);
    expect(await res.text()).toBe("ok");
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([2_000]);
  });

  it("understands Retry-After as an HTTP-date", async () => {
    const { fetch } = scripted([
      () => new Response("", { status: 503, headers: { "retry-after": "Sun, 16 Feb 2025 12:00:03 GMT" } }),
      () => new Response("ok", { status: 200 }),
    ]);
    const { http, sleeps } = client(fetch);
    await http.fetch(URL_A);
    expect(sleeps).toEqual([3_000]);
  });

  it("backs off with jitter on 5xx and gives up with UPSTREAM_UNAVAILABLE", async () => {
    const { fetch, calls } = scripted([() => new Response("boom", { status: 500 })]);
    const { http, sleeps } = client(fetch, { baseDelayMs: 100, maxDelayMs: 10_000 });
    const error = await rejection(http.fetch(URL_A));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toContain("HTTP 500");
    expect(error.retryAfterSeconds).toBe(30);
    expect(calls).toHaveLength(3);
    // full jitter with random()=0.5: half of 100 * 2^attempt
    expect(sleeps).toEqual([50, 100]);
  });

  it("passes the upstream's Retry-After on when it finally gives up", async () => {
    const { fetch } = scripted([() => new Response("", { status: 429, headers: { "retry-after": "1" } })]);
    const error = await rejection(client(fetch).http.fetch(URL_A));
    expect(error.retryAfterSeconds).toBe(1);
  });

  it("does not sit out a long Retry-After: fails at once with the hint", async () => {
    const { fetch, calls } = scripted([() => new Response("", { status: 429, headers: { "retry-after": "120" } })]);
    const { http, sleeps } = client(fetch);
    const error = await rejection(http.fetch(URL_A));
    expect(error.retryAfterSeconds).toBe(120);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it("never retries other 4xx and hands them back to the adapter", async () => {
    const { fetch, calls } = scripted([() => new Response('{"error":"nope"}', { status: 404 })]);
    const res = await client(fetch).http.fetch(URL_A);
    expect(res.status).toBe(404);
    expect(calls).toHaveLength(1);
  });

  it("times out a silent upstream, retries, and reports the timeout", async () => {
    const { fetch, calls } = scripted([hang]);
    const error = await rejection(client(fetch, { timeoutMs: 5, maxRetries: 1 }).http.fetch(URL_A));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toContain("timed out after 5 ms");
    expect(calls).toHaveLength(2);
  });

  it("times out even when the fetch ignores its signal", async () => {
    const { fetch } = scripted([() => new Promise<Response>(() => undefined)]);
    const error = await rejection(client(fetch, { timeoutMs: 5, maxRetries: 0 }).http.fetch(URL_A));
    expect(error.message).toContain("timed out");
  });

  it("recovers from a timeout on the next attempt", async () => {
    const { fetch } = scripted([hang, () => new Response("late but fine", { status: 200 })]);
    const res = await client(fetch, { timeoutMs: 5 }).http.fetch(URL_A);
    expect(await res.text()).toBe("late but fine");
  });

  it("retries network errors (undici's TypeError with a system cause)", async () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    const { fetch, calls } = scripted([
      () => Promise.reject(new TypeError("fetch failed", { cause: refused })),
      () => new Response("ok", { status: 200 }),
    ]);
    const res = await client(fetch).http.fetch(URL_A);
    expect(res.status).toBe(200);
    expect(calls).toHaveLength(2);
  });

  it("does not retry or disguise errors that are not transport failures", async () => {
    const bug = new Error("replay: no fixture");
    const { fetch, calls } = scripted([() => Promise.reject(bug)]);
    await expect(client(fetch).http.fetch(URL_A)).rejects.toBe(bug);
    expect(calls).toHaveLength(1);
  });

  it("stops when the caller aborts", async () => {
    const { fetch } = scripted([hang]);
    const controller = new AbortController();
    const pending = client(fetch, { timeoutMs: 10_000 }).http.fetch(URL_A, { signal: controller.signal });
    controller.abort(new Error("caller gave up"));
    await expect(pending).rejects.toThrow("caller gave up");
  });

  it("keeps at most concurrencyPerHost requests in flight per host", async () => {
    let inFlight = 0;
    let peak = 0;
    const seenHosts: string[] = [];
    const fetch: FetchLike = async (input) => {
      seenHosts.push(new URL(String(input)).host);
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 2));
      inFlight -= 1;
      return new Response("ok");
    };
    const { http } = client(fetch, { concurrencyPerHost: 2 });
    await Promise.all(Array.from({ length: 7 }, () => http.fetch(URL_A)));
    expect(peak).toBe(2);
    expect(seenHosts).toHaveLength(7);
  });

  it("limits hosts independently", async () => {
    const gates: Array<() => void> = [];
    const started: string[] = [];
    const fetch: FetchLike = (input) => {
      started.push(new URL(String(input)).host);
      return new Promise((resolve) => gates.push(() => resolve(new Response("ok"))));
    };
    const { http } = client(fetch, { concurrencyPerHost: 1 });
    const all = Promise.all([http.fetch("https://a.test/1"), http.fetch("https://a.test/2"), http.fetch("https://b.test/1")]);
    await new Promise((resolve) => setTimeout(resolve, 1));
    expect(started).toEqual(["a.test", "b.test"]);
    while (gates.length > 0) {
      gates.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    await all;
    expect(started).toEqual(["a.test", "b.test", "a.test"]);
  });

  it("re-sends a string body on retry", async () => {
    const { fetch, calls } = scripted([() => new Response("", { status: 502 }), () => new Response("ok")]);
    await client(fetch).http.fetch(URL_A, { method: "POST", body: '{"type":"meta"}' });
    expect(calls.map((c) => c.init?.body)).toEqual(['{"type":"meta"}', '{"type":"meta"}']);
  });
});
