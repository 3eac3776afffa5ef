import { describe, expect, it } from "vitest";
import { analyzeContract } from "../../src/contracts/trading/analyze.js";
import { EXAMPLE_NOW_MS } from "../../scripts/examples/example-deployments.js";
import { FakeClock } from "../support/fake-clock.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

type Body = Record<string, any>;
const ask = (q: string) => `/analyze?question=${encodeURIComponent(q)}`;

describe.skipIf(!SHARED_PRESENT)("/analyze on the daily dataset", () => {
  const harness = paidRoutes({ clock: new FakeClock(EXAMPLE_NOW_MS) });
  const { call } = harness;

  it("answers 'after drops like March 2020' from /forward_distribution on the covid window, not with the latest price", async () => {
    const { status, body } = await call(ask(String(analyzeContract.example.params.question)));
    expect(status).toBe(200);
    expect(body).toEqual(analyzeContract.example.response);
    expect(body.interpretation).toMatchObject({ intent: "event_window", tickers: ["SPY"], window: { start_date: "2020-02-19", end_date: "2020-03-24" } });
    expect(body.routes_used).toEqual(["/forward_distribution"]);
    // The call it names answers the same figures in full.
    const direct = (await call(`/forward_distribution?${new URLSearchParams(body.calls[0].params)}`)).body;
    expect(direct.horizons[0].mean).toBe(body.data.horizons[0].mean);
  });

  it("answers a move with the figures /pattern_backtest gives for it", async () => {
    const { body } = await call(ask("What happened after AAPL fell 10% in 5 days?"));
    expect(body.routes_used).toEqual(["/pattern_backtest"]);
    const direct = (await call("/pattern_backtest?ticker=AAPL&lookback_days=5&forward_days=20&min_return=-0.1")).body;
    expect(body.data.distribution).toEqual(direct.distribution);
  });

  it("dispatches each intent to its route and says which", async () => {
    const cases: [string, string, string][] = [
      ["What is the price of bitcoin?", "latest_price", "/get_latest_price"],
      ["What regime is QQQ in?", "regime", "/regime_detection"],
      ["What are the odds MSFT is higher in 30 days?", "forward_odds", "/api/backtest"],
      ["How much NVDA should I buy with a $50,000 account?", "sizing", "/position_size"],
      ["Compare NVDA and MSFT over 3 months", "compare", "/get_price_history"],
      ["How correlated are gold and SPY over 12 months?", "correlation", "/correlation_matrix"],
      ["Is there a signal on TSLA?", "signal", "/trading/signal"],
      ["What is the news sentiment on AAPL?", "narrative", "/api/narrative"],
    ];
    for (const [question, intent, route] of cases) {
      const { status, body } = await call(ask(question));
      expect([question, status, body.interpretation?.intent, body.routes_used]).toEqual([question, 200, intent, [route]]);
      expect(body.answer).toMatch(/\.$/);
    }
    // The signal it fired is in the public log.
    const history = (await call("/trading/signals/history?ticker=TSLA")).body;
    expect(history.count).toBe(1);
    // Offline there are no headlines: the narrative answer says so instead of inventing a mood.
    expect((await call(ask("news on AAPL"))).body.answer).toMatch(/no sentiment reading/);
  });

  it("answers 422 with examples when nothing is understood, 404 for an unknown asset, uncharged", async () => {
    const before = await harness.payer().balance();
    const { status, body } = await call(ask("what should I have for lunch?"));
    expect([status, body.error.code, body.error.details[0].param]).toEqual([422, "VALIDATION_FAILED", "question"]);
    expect(body.error.message).toMatch(/was not understood: it found no ticker but no question it understands about the market\. Questions it understands look like: What did SPY do after drops like March 2020\?/);
    const unknown = await call(ask("price of ZZZZ"));
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "UNKNOWN_TICKER"]);
    expect(await harness.payer().balance()).toBe(before);
    await expectValidationFailures(harness, [["/analyze", "question"]]);
  });

  it("refuses a horizon outside 1 to 365 days before firing or logging anything, uncharged", async () => {
    const before = await harness.payer().balance();
    for (const question of ["signal on TSLA over 0 days", "signal on TSLA over 1200 months"]) {
      const { status, body } = await call(ask(question));
      expect([status, body.error.code, body.error.details[0].param]).toEqual([422, "VALIDATION_FAILED", "question"]);
      expect(body.error.message).toMatch(/horizons of 1 to 365 days/);
    }
    expect(await harness.payer().balance()).toBe(before);
  });
});
