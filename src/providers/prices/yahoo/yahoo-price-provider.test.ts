import { expect, it } from "vitest";
import type { ResolvedSymbol } from "../../../domain/resolved-symbol.js";
import {
  createYahooReplayFetch,
  describeWithShared,
  loadYahooEnvelope,
  ReplayMissError,
  type ReplayRoute,
  type YahooEnvelope,
} from "../../../../test/support/replay-fetch.js";
import { createYahooFinanceClient } from "./yahoo-finance-client.js";
import { YahooPriceProvider } from "./yahoo-price-provider.js";
import { appError } from "../../../../test/support/caught-app-error.js";

const DAY_MS = 86_400_000;
const ms = (iso: string) => Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);
const sym = (source: string, ticker = source): ResolvedSymbol => ({ ticker, source, assetClass: "equity" });

/** The chart URL the provider must request (daily asks from one day earlier; see the provider). */
function chartUrl(source: string, interval: string, period1Ms: number, period2Ms: number): string {
  return (
    `https://query2.finance.yahoo.com/v8/finance/chart/${source}?useYfid=true&interval=${interval}` +
    `&includePrePost=false&events=div%7Csplit%7Cearn&lang=en-US` +
    `&period1=${Math.floor(period1Ms / 1000)}&period2=${Math.floor(period2Ms / 1000)}`
  );
}

/** A recorded envelope re-addressed to the request our provider makes for the same data. */
function at(name: string | YahooEnvelope, url: string): YahooEnvelope {
  const envelope = typeof name === "string" ? loadYahooEnvelope(name) : name;
  envelope.request.url = url;
  return envelope;
}

function setup(
  options: { fixtures?: YahooEnvelope[]; routes?: ReplayRoute[]; nowIso?: string; timeoutMs?: number; maxRetries?: number } = {},
) {
  const replay = createYahooReplayFetch({ fixtures: options.fixtures, routes: options.routes });
  const sleeps: number[] = [];
  const logs: Array<{ level: string; message: string }> = [];
  const clock = { nowMs: () => ms(options.nowIso ?? "2025-02-16T12:00:00Z") };
  const yahoo = createYahooFinanceClient({
    fetch: replay,
    timeoutMs: options.timeoutMs ?? 1_000,
    maxRetries: options.maxRetries ?? 2,
    queueIntervalMs: 0,
    sleep: async (delayMs) => {
      sleeps.push(delayMs);
    },
    random: () => 0.5,
    clock,
    logSink: {
      warn: (message) => logs.push({ level: "warn", message }),
      error: (message) => logs.push({ level: "error", message }),
    },
  });
  return { provider: new YahooPriceProvider({ yahoo, clock }), replay, sleeps, logs };
}

const AAPL_DAILY_URL = chartUrl("AAPL", "1d", ms("2020-01-01") - DAY_MS, ms("2020-01-03"));
const aaplDaily = () => at("chart-AAPL-2020-01-01-to-2020-01-03.json", AAPL_DAILY_URL);

describeWithShared("YahooPriceProvider (recorded Yahoo chart responses)", () => {
  it("maps a daily NYSE bar to midnight UTC of its New York trading date", async () => {
    const { provider, replay, logs } = setup({ fixtures: [aaplDaily()] });
    const bars = await provider.bars(sym("AAPL"), "1d", ms("2020-01-01"), ms("2020-01-03"));
    expect(bars).toEqual([
      { tsMs: ms("2020-01-02"), open: 74.05999755859375, high: 75.1500015258789, low: 73.79750061035156, close: 75.0875015258789, volume: 135480400 },
    ]);
    expect(replay.calls).toHaveLength(1);
    expect(replay.misses).toEqual([]);
    expect(logs.filter((l) => l.message.includes("Unsupported environment"))).toEqual([]);
  });

  it("sends the documented chart parameters (regular session, padded daily start)", async () => {
    const { provider, replay } = setup({ fixtures: [aaplDaily()] });
    await provider.bars(sym("AAPL"), "1d", ms("2020-01-01"), ms("2020-01-03"));
    expect(replay.calls).toHaveLength(1);
    const url = new URL(replay.calls[0]!.slice(4));
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      interval: "1d",
      includePrePost: "false",
      period1: String(ms("2019-12-31") / 1000),
      period2: String(ms("2020-01-03") / 1000),
    });
  });

  it("keeps crypto's UTC days and honours the half-open range [from, to)", async () => {
    const url = chartUrl("BTC-USD", "1d", ms("2020-01-01") - DAY_MS, ms("2020-01-03"));
    const { provider } = setup({ fixtures: [at("chart-BTC-USD-2020-01-01-to-2020-01-03.json", url)] });
    const bars = await provider.bars({ ticker: "BTC", source: "BTC-USD", assetClass: "crypto" }, "1d", ms("2020-01-01"), ms("2020-01-03"));
    // The recording also holds 2020-01-03 00:00Z, which lies at `to` and is excluded.
    expect(bars.map((b) => new Date(b.tsMs).toISOString().slice(0, 10))).toEqual(["2020-01-01", "2020-01-02"]);
    expect(bars[1]).toMatchObject({ open: 7202.55126953125, close: 6985.47021484375, volume: 20802083465 });
  });

  it("maps a longer daily history ascending, weekdays only, one bar per date", async () => {
    const url = chartUrl("AAPL", "1d", ms("2020-08-31") - DAY_MS, ms("2020-11-07"));
    const { provider } = setup({ fixtures: [at("chart-AAPL-2020-08-31-to-2020-11-07.json", url)] });
    const bars = await provider.bars(sym("AAPL"), "1d", ms("2020-08-31"), ms("2020-11-07"));
    expect(bars.length).toBeGreaterThan(40);
    expect(new Date(bars[0]!.tsMs).toISOString().slice(0, 10)).toBe("2020-08-31");
    for (const [i, bar] of bars.entries()) {
      expect(bar.tsMs % DAY_MS).toBe(0);
      expect([0, 6]).not.toContain(new Date(bar.tsMs).getUTCDay());
      if (i > 0) expect(bar.tsMs).toBeGreaterThan(bars[i - 1]!.tsMs);
    }
  });

  it("maps intraday bars at their own timestamps and drops rows with a null close", async () => {
    const from = ms("2025-02-14T14:30:00Z");
    const to = ms("2025-02-14T15:30:00Z");
    const envelope = at("chart-AAPL-2020-01-01-to-2020-01-03.json", chartUrl("AAPL", "15m", from, to));
    const result = (envelope.response.bodyJson as { chart: { result: Array<Record<string, unknown>> } }).chart.result[0]!;
    const t0 = from / 1000;
    result.timestamp = [t0, t0 + 900, t0 + 1800, t0 + 2700];
    result.indicators = {
      quote: [{ open: [10, 11, 12, 13], high: [11, 12, 13, 14], low: [9, 10, 11, 12], close: [10.5, null, 12.5, 13.5], volume: [100, 0, null, 400] }],
    };
    const { provider } = setup({ fixtures: [envelope] });
    const bars = await provider.bars(sym("AAPL"), "15m", from, to);
    expect(bars).toEqual([
      { tsMs: from, open: 10, high: 11, low: 9, close: 10.5, volume: 100 },
      { tsMs: from + 1_800_000, open: 12, high: 13, low: 11, close: 12.5, volume: null },
      { tsMs: from + 2_700_000, open: 13, high: 14, low: 12, close: 13.5, volume: 400 },
    ]);
  });

  it("returns [] for the real empty weekend answer (meta, no timestamps)", async () => {
    const from = ms("2025-02-01");
    const to = ms("2025-02-02");
    const envelope = at("chart-AAPL-2025-02-01-to-2025-02-02-includePrePost-false-interval-1m.json", chartUrl("AAPL", "15m", from, to));
    const { provider } = setup({ fixtures: [envelope] });
    expect(await provider.bars(sym("AAPL"), "15m", from, to)).toEqual([]);
  });

  it("returns [] for an hourly range with no rows", async () => {
    const from = ms("2025-01-01");
    const to = ms("2025-01-02");
    const envelope = at("chart-TSLA-2025-01-01-to-2025-01-02-interval-1h.fake.json", chartUrl("TSLA", "1h", from, to));
    const { provider } = setup({ fixtures: [envelope], nowIso: "2025-01-10T00:00:00Z" });
    expect(await provider.bars(sym("TSLA"), "1h", from, to)).toEqual([]);
  });

  it("refuses intraday ranges beyond Yahoo's lookback before calling upstream", async () => {
    const { provider, replay } = setup({ nowIso: "2025-02-16T12:00:00Z" });
    const now = ms("2025-02-16T12:00:00Z");
    for (const [tf, days] of [["15m", 60], ["30m", 60], ["1h", 730]] as const) {
      const error = await appError(provider.bars(sym("AAPL"), tf, now - (days + 1) * DAY_MS, now));
      expect(error.code).toBe("RANGE_UNAVAILABLE");
      expect(error.message).toContain(`${days} days`);
      expect(error.details?.[0]?.param).toBe("from");
    }
    expect(replay.calls).toEqual([]);
  });

  it("maps Yahoo's own lookback refusal (422) to RANGE_UNAVAILABLE", async () => {
    const now = ms("2025-02-16T12:00:00Z");
    const routes: ReplayRoute[] = [
      {
        match: /\/v8\/finance\/chart\/AAPL/,
        respond: () =>
          Response.json(
            { chart: { result: null, error: { code: "Unprocessable Entity", description: "1h data not available for startTime=1 and endTime=2. The requested range must be within the last 730 days." } } },
            { status: 422 },
          ),
      },
    ];
    const { provider } = setup({ routes });
    const error = await appError(provider.bars(sym("AAPL"), "1h", now - 700 * DAY_MS, now));
    expect(error.code).toBe("RANGE_UNAVAILABLE");
  });

  it("maps Yahoo's 'Not Found' chart error to UNKNOWN_TICKER", async () => {
    // Shape of Yahoo's real reply for an unknown symbol (verified live in data-sources.md §2.1).
    const url = chartUrl("NOPEX", "1d", ms("2020-01-01") - DAY_MS, ms("2020-01-03"));
    const notFound: YahooEnvelope = {
      request: { url },
      response: {
        status: 404,
        statusText: "Not Found",
        headers: { "content-type": "application/json;charset=utf-8" },
        bodyJson: { chart: { result: null, error: { code: "Not Found", description: "No data found, symbol may be delisted" } } },
      },
    };
    const { provider } = setup({ fixtures: [notFound] });
    const error = await appError(provider.bars(sym("NOPEX"), "1d", ms("2020-01-01"), ms("2020-01-03")));
    expect(error.code).toBe("UNKNOWN_TICKER");
    expect(error.message).toContain("NOPEX");
  });

  it("waits out a 429's Retry-After, then serves the recorded answer", async () => {
    const routes: ReplayRoute[] = [
      { match: /\/chart\/AAPL/, times: 1, respond: () => new Response("Too Many Requests", { status: 429, headers: { "retry-after": "2" } }) },
    ];
    const { provider, replay, sleeps } = setup({ fixtures: [aaplDaily()], routes });
    const bars = await provider.bars(sym("AAPL"), "1d", ms("2020-01-01"), ms("2020-01-03"));
    expect(bars).toHaveLength(1);
    expect(replay.calls).toHaveLength(2);
    expect(sleeps).toEqual([2_000]);
  });

  it("gives up on a persistent 429 with UPSTREAM_UNAVAILABLE and the upstream's Retry-After", async () => {
    const routes: ReplayRoute[] = [
      { match: /\/chart\/AAPL/, respond: () => new Response("Too Many Requests", { status: 429, headers: { "retry-after": "3" } }) },
    ];
    const { provider, replay } = setup({ routes });
    const error = await appError(provider.bars(sym("AAPL"), "1d", ms("2020-01-01"), ms("2020-01-03")));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.retryAfterSeconds).toBe(3);
    expect(replay.calls).toHaveLength(3);
  });

  it("maps a persistent 500 to UPSTREAM_UNAVAILABLE after retries", async () => {
    const routes: ReplayRoute[] = [{ match: /\/chart\//, respond: () => new Response("Internal Server Error", { status: 500 }) }];
    const { provider, replay, sleeps } = setup({ routes });
    const error = await appError(provider.bars(sym("AAPL"), "1d", ms("2020-01-01"), ms("2020-01-03")));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.retryAfterSeconds).toBe(30);
    expect(replay.calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it("maps a timeout to UPSTREAM_UNAVAILABLE", async () => {
    const hang = (init?: RequestInit) =>
      new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))));
    const { provider, replay } = setup({ routes: [{ match: /\/chart\//, respond: hang }], timeoutMs: 5, maxRetries: 1 });
    const error = await appError(provider.bars(sym("AAPL"), "1d", ms("2020-01-01"), ms("2020-01-03")));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(error.message).toContain("timed out");
    expect(replay.calls).toHaveLength(2);
  });

  it("maps an HTML page served with 200 (a real Yahoo consent page) to UPSTREAM_UNAVAILABLE", async () => {
    const html = loadYahooEnvelope("getCrumb-quote-AAPL-collectConsent.html.json").response.bodyText ?? "";
    expect(html).toContain("<html");
    const routes: ReplayRoute[] = [
      { match: /\/chart\//, respond: () => new Response(html, { status: 200, headers: { "content-type": "text/html" } }) },
    ];
    const { provider } = setup({ routes });
    const error = await appError(provider.bars(sym("AAPL"), "1d", ms("2020-01-01"), ms("2020-01-03")));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
  });

  it("maps schema drift (a required meta field removed) to UPSTREAM_SCHEMA_CHANGED and logs it to the sink", async () => {
    const envelope = aaplDaily();
    const body = envelope.response.bodyJson as { chart: { result: Array<{ meta: Record<string, unknown> }> } };
    delete body.chart.result[0]!.meta.exchangeTimezoneName;
    const { provider, logs } = setup({ fixtures: [envelope] });
    const error = await appError(provider.bars(sym("AAPL"), "1d", ms("2020-01-01"), ms("2020-01-03")));
    expect(error.code).toBe("UPSTREAM_SCHEMA_CHANGED");
    expect(logs.some((l) => l.level === "error")).toBe(true);
  });

  it("maps a body the library cannot even walk (indicators removed) to UPSTREAM_SCHEMA_CHANGED", async () => {
    const envelope = aaplDaily();
    const body = envelope.response.bodyJson as { chart: { result: Array<Record<string, unknown>> } };
    delete body.chart.result[0]!.indicators;
    const { provider } = setup({ fixtures: [envelope] });
    const error = await appError(provider.bars(sym("AAPL"), "1d", ms("2020-01-01"), ms("2020-01-03")));
    expect(error.code).toBe("UPSTREAM_SCHEMA_CHANGED");
  });

  it("lets an unmatched replay request fail loudly instead of disguising it", async () => {
    const { provider, replay } = setup({ fixtures: [] });
    await expect(provider.bars(sym("MSFT"), "1d", ms("2020-01-01"), ms("2020-01-03"))).rejects.toBeInstanceOf(ReplayMissError);
    expect(replay.misses).toHaveLength(1);
  });

  it("answers an empty or inverted range with [] without calling upstream", async () => {
    const { provider, replay } = setup();
    expect(await provider.bars(sym("AAPL"), "1d", ms("2020-01-03"), ms("2020-01-03"))).toEqual([]);
    expect(replay.calls).toEqual([]);
    await expect(provider.bars(sym("AAPL"), "1d", Number.NaN, ms("2020-01-03"))).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
  });
});
