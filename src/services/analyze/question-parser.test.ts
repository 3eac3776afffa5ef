import { describe, expect, it } from "vitest";
import { resolveSymbol } from "../../domain/symbol-resolver.js";
import { parseQuestion } from "./question-parser.js";

const parse = (q: string) => {
  const outcome = parseQuestion(q, resolveSymbol, "2024-12-06");
  return outcome.understood ? outcome.interpretation : outcome;
};

describe("parseQuestion", () => {
  it("reads a move with its size, direction and length, and a forward horizon", () => {
    expect(parse("What happened after AAPL fell 10% in 5 days?")).toMatchObject({ intent: "move_after", tickers: ["AAPL"], horizonDays: null, move: { return: -0.1, lookbackBars: 5 }, matched: "fell 10%" });
    expect(parse("bitcoin: a 20% rally over 2 weeks, what next 30 days?")).toMatchObject({ intent: "move_after", tickers: ["BTC"], horizonDays: 30, move: { return: 0.2, lookbackBars: 10 } });
  });

  it("reads a named event as a window, not as a request for the latest price", () => {
    expect(parse("What did SPY do after drops like March 2020?")).toMatchObject({
      intent: "event_window",
      route: "/forward_distribution",
      tickers: ["SPY"],
      window: { start: "2020-02-19", end: "2020-03-24", relative: false, basis: expect.stringContaining('"March 2020"') },
    });
    expect(parse("How did GLD trade in June 2016?")).toMatchObject({ window: { start: "2016-06-01", end: "2016-07-01" } });
    expect(parse("Show me analogs for BTC over the last 2 weeks")).toMatchObject({ window: { start: "2024-11-23", end: "2024-12-07", relative: true } });
    expect(parse("Find precedents for NVDA from 2024-08-05 to 2024-07-10")).toMatchObject({ window: { start: "2024-07-10", end: "2024-08-05" } });
  });

  it("reads days, account sizes, calendar periods and cashtags", () => {
    expect(parse("Who reports earnings tomorrow?")).toMatchObject({ intent: "earnings_calendar", day: "2024-12-07" });
    expect(parse("How much $NVDA should I buy with 50k dollars?")).toMatchObject({ intent: "sizing", tickers: ["NVDA"], accountSizeUsd: 50_000 });
    expect(parse("Any FOMC meeting next week?")).toMatchObject({ intent: "economic_calendar", econPeriod: "next_week" });
  });

  it("finds symbols, xyz aliases and names, in order and once each, and skips common upper-case words", () => {
    expect(parse("Compare NVDA vs gold and xyz:GOLD over 3 months")).toMatchObject({ intent: "compare", tickers: ["NVDA", "xyz:GOLD"], horizonDays: 90 });
    expect(parse("How correlated are Tesla and the S&P 500?")).toMatchObject({ intent: "correlation", tickers: ["TSLA", "SPY"] });
    expect(parse("What is the P/E of AAPL?")).toMatchObject({ intent: "fundamentals", tickers: ["AAPL"] });
  });

  it("says what it did not understand instead of falling back to a price", () => {
    expect(parse("AAPL?")).toMatchObject({ intent: "latest_price", matched: "(a ticker alone)" });
    expect(parse("Is MSFT better?")).toMatchObject({ understood: false, reason: "found the ticker(s) MSFT but no question it understands about them" });
    expect(parse("what should I have for lunch?")).toMatchObject({ understood: false, reason: "found no ticker but no question it understands about the market" });
    expect(parse("What regime are we in?")).toMatchObject({ understood: false, reason: expect.stringContaining('"regime" asks for /regime_detection, which needs a ticker') });
  });
});
