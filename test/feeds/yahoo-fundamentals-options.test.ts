import { expect, it } from "vitest";
import { YahooFundamentalsProvider } from "../../src/providers/feeds/yahoo/yahoo-fundamentals.js";
import { YahooOptionsProvider } from "../../src/providers/feeds/yahoo/yahoo-options.js";
import { createYahooFinanceClient } from "../../src/providers/prices/yahoo/yahoo-finance-client.js";
import { appError } from "../support/caught-app-error.js";
import { createYahooReplayFetch, describeWithShared, envelopeResponse, loadYahooEnvelope, type ReplayRoute } from "../support/replay-fetch.js";

type Body = { quoteSummary: { result: Array<Record<string, unknown>> } };

/** Yahoo's answer to our one four-module request, assembled from its real one-module recordings. */
function mergedQuoteSummary(symbol: string, edit: (result: Record<string, unknown>) => void = () => undefined): Response {
  const result: Record<string, unknown> = {};
  for (const m of ["price", "summaryDetail", "defaultKeyStatistics", "financialData"]) {
    const envelope = loadYahooEnvelope(`quoteSummary-${m}-${symbol}.json`);
    if (envelope.response.status === 200) Object.assign(result, (envelope.response.bodyJson as Body).quoteSummary.result[0]);
  }
  edit(result);
  return new Response(JSON.stringify({ quoteSummary: { result: [result], error: null } }), { headers: { "content-type": "application/json" } });
}

function yahoo(routes: ReplayRoute[]) {
  const replay = createYahooReplayFetch({ crumbFlow: true, routes });
  const client = createYahooFinanceClient({ fetch: replay, queueIntervalMs: 0, sleep: async () => undefined, maxRetries: 1, logSink: { warn: () => undefined, error: () => undefined } });
  return { replay, fundamentals: new YahooFundamentalsProvider(client), options: new YahooOptionsProvider(client) };
}
const QS = (symbol: string) => new RegExp(`/v10/finance/quoteSummary/${symbol.replace(/[-^=]/g, "\\$&")}\\?`);

describeWithShared("Yahoo fundamentals and options adapters (recorded 2025-02-24 answers)", () => {
  it("maps AAPL's recorded modules: valuation, margins, growth, balance sheet, analyst targets", async () => {
    const { fundamentals, replay } = yahoo([{ match: QS("AAPL"), respond: () => mergedQuoteSummary("AAPL") }]);
    const f = await fundamentals.fundamentals("AAPL");
    expect(f.valuation).toMatchObject({ trailing_pe: 38.91442, forward_pe: 29.548735, price_to_book: 55.328976, ev_to_ebitda: 27.169, peg_ratio: null });
    expect(f.margins.gross).toBe(0.46519002);
    expect(f.balance_sheet.debt_to_equity).toBe(1.45);
    expect(f.analyst).toMatchObject({ target_mean: 252.22575, recommendation: "buy", num_analysts: 40 });
    expect(replay.misses).toEqual([]);
    const asked = replay.calls.find((c) => c.includes("quoteSummary"))!;
    expect(decodeURIComponent(asked)).toMatch(/modules=price,summaryDetail,defaultKeyStatistics,financialData/);
  });

  it("keeps an ETF's missing modules as nulls", async () => {
    const { fundamentals } = yahoo([{ match: QS("QQQ"), respond: () => mergedQuoteSummary("QQQ") }]);
    const f = await fundamentals.fundamentals("QQQ");
    expect(f.quote_type).toBe("ETF");
    expect(f.margins).toEqual({ gross: null, operating: null, profit: null, ebitda: null });
  });

  it("refuses a cryptocurrency with a 422 that says why", async () => {
    const { fundamentals } = yahoo([{ match: QS("BTC-USD"), respond: () => mergedQuoteSummary("BTC-USD") }]);
    const error = await appError(fundamentals.fundamentals("BTC-USD"));
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.message).toMatch(/cryptocurrency/);
  });

  it("answers an unknown ticker (Yahoo's real 404 body) with UNKNOWN_TICKER", async () => {
    const notFound = loadYahooEnvelope("quoteSummary-financialData-BTC-USD.json");
    const { fundamentals } = yahoo([{ match: QS("ZZZZQ"), respond: () => envelopeResponse(notFound) }]);
    const error = await appError(fundamentals.fundamentals("ZZZZQ"));
    expect(error.code).toBe("UNKNOWN_TICKER");
  });

  it("reports a price module without its symbol as schema drift", async () => {
    const { fundamentals } = yahoo([
      { match: QS("AAPL"), respond: () => mergedQuoteSummary("AAPL", (r) => delete (r.price as Record<string, unknown>).symbol) },
    ]);
    expect((await appError(fundamentals.fundamentals("AAPL"))).code).toBe("UPSTREAM_SCHEMA_CHANGED");
  });

  it("turns a 429 with Retry-After and a 5xx into UPSTREAM_UNAVAILABLE", async () => {
    const limited = yahoo([{ match: QS("AAPL"), respond: () => new Response("", { status: 429, headers: { "Retry-After": "90" } }) }]);
    const e429 = await appError(limited.fundamentals.fundamentals("AAPL"));
    expect([e429.code, e429.retryAfterSeconds]).toEqual(["UPSTREAM_UNAVAILABLE", 90]);
    const down = yahoo([{ match: QS("AAPL"), respond: () => new Response("<html>oops</html>", { status: 503 }) }]);
    expect((await appError(down.fundamentals.fundamentals("AAPL"))).code).toBe("UPSTREAM_UNAVAILABLE");
  });

  it("maps AAPL's recorded nearest chain: 20 expirations, 54 calls, 48 puts, IV as decimals", async () => {
    const { options } = yahoo([{ match: /\/v7\/finance\/options\/AAPL\?/, respond: () => envelopeResponse(loadYahooEnvelope("options-AAPL.json")) }]);
    const chain = await options.chain("AAPL");
    expect(chain.expirations).toHaveLength(20);
    expect(chain.expiration).toBe("2025-02-28");
    expect([chain.calls.length, chain.puts.length]).toEqual([54, 48]);
    expect(chain.calls[0]).toMatchObject({ contract_symbol: "AAPL250228C00110000", strike: 110, last: 111.67, in_the_money: true });
  });

  it("maps a symbol without listed options (BTC-USD's real answer) to no expirations", async () => {
    const { options } = yahoo([{ match: /\/v7\/finance\/options\/BTC-USD\?/, respond: () => envelopeResponse(loadYahooEnvelope("options-BTC-USD.json")) }]);
    const chain = await options.chain("BTC-USD");
    expect(chain).toMatchObject({ expirations: [], expiration: null, calls: [], puts: [] });
  });
});
