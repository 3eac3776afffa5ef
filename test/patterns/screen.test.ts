import { describe, expect, it } from "vitest";
import { paidRoutes } from "../support/paid-routes.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

type Row = { ticker: string; similarity: number | null; query_return: number | null; top_match_start: string | null; status: string; error?: string };

describe.skipIf(!SHARED_PRESENT)("/screen", () => {
  const { call } = paidRoutes();
  const screen = async (query: string) => {
    const { status, body } = await call(`/screen?${query}`);
    return { status, body: body as { screened: number; results: Row[] } & Record<string, unknown> };
  };

  it("agrees with /get_patterns_raw k=1 per ticker, and keeps failed tickers inside the 200", async () => {
    const { status, body } = await screen("tickers=AAPL,MSFT,NOSUCH,SPY&start_date=2024-10-01&end_date=2024-11-01");
    expect(status).toBe(200);
    expect(body.screened).toBe(4);
    const failed = body.results.find((r) => r.ticker === "NOSUCH")!;
    expect(failed).toMatchObject({ status: "unknown_ticker", similarity: null, top_match_start: null });
    expect(failed.error).toBeTruthy();
    expect(body.results.at(-1)!.ticker).toBe("NOSUCH");
    for (const row of body.results.filter((r) => r.status === "ok")) {
      const res = await call(`/get_patterns_raw?ticker=${row.ticker}&start_date=2024-10-01&end_date=2024-11-01&k=1&wrap=false`);
      const single = res.body as { matches: { dates: string[]; similarity: number; query_return: number }[] };
      expect(row.top_match_start).toBe(single.matches[0].dates[0]);
      expect(row.similarity).toBeCloseTo(single.matches[0].similarity, 12);
      expect(row.query_return).toBeCloseTo(single.matches[0].query_return, 12);
    }
    const sims = body.results.filter((r) => r.status === "ok").map((r) => r.similarity!);
    expect([...sims].sort((a, b) => a - b)).toEqual(sims);
  });

  it("sorts by query return when asked, and reports short windows per ticker", async () => {
    const { body } = await screen("tickers=AAPL,NVDA,TSLA,BTC&start_date=2024-06-03&end_date=2024-07-01&sort_by=return");
    const returns = body.results.map((r) => r.query_return!);
    expect([...returns].sort((a, b) => b - a)).toEqual(returns);
    // 2 trading days for AAPL; BTC trades every day and has 4: both too short, so nothing is served and the
    // answer is the 422 they share, naming each ticker.
    const short = (await screen("tickers=AAPL,BTC&start_date=2024-11-29&end_date=2024-12-03")) as unknown as { status: number; body: { error: { code: string; details: { issue: string }[] } } };
    expect(short.status).toBe(422);
    expect(short.body.error.code).toBe("VALIDATION_FAILED");
    expect(short.body.error.details.map((d) => d.issue.split(":")[0])).toEqual(["AAPL", "BTC"]);
  });

  it("removes case-insensitive duplicates and labels each row with the spelling asked for", async () => {
    const { body } = await screen("tickers=AAPL,aapl,GC=F,xyz:GOLD&start_date=2024-10-01&end_date=2024-11-01");
    expect(body.screened).toBe(3);
    expect(body.results.map((r) => r.ticker).sort()).toEqual(["AAPL", "GC=F", "xyz:GOLD"].sort());
    const gold = body.results.filter((r) => r.ticker !== "AAPL");
    expect(gold[0].similarity).toBe(gold[1].similarity);
  });

  it("rejects more than 50 tickers with 422", async () => {
    const tickers = Array.from({ length: 51 }, (_, i) => `T${i}`).join(",");
    const { status, body } = await screen(`tickers=${tickers}&start_date=2024-10-01&end_date=2024-11-01`);
    expect(status).toBe(422);
    expect((body as unknown as { error: { details: { param: string }[] } }).error.details[0].param).toBe("tickers");
  });

  it("keeps the event loop answering while a long screen runs on worker threads", async () => {
    const tickers = "AAPL,MSFT,NVDA,AMZN,GOOGL,TSLA,SPY,QQQ,BTC,ETH,VIX,GOLD";
    // Warm the series cache so the screen's time is search time, not loading.
    await screen(`tickers=${tickers}&start_date=2020-01-02&end_date=2020-06-01&metric=l1`);
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 1);
    const started = performance.now();
    const { status } = await screen(`tickers=${tickers}&start_date=2020-01-02&end_date=2020-06-01&metric=l1`);
    const elapsedMs = performance.now() - started;
    clearInterval(timer);
    expect(status).toBe(200);
    // With the searches on the main thread the interval could not fire during them at all.
    expect(ticks).toBeGreaterThan(Math.min(5, elapsedMs / 20));
  });
});
