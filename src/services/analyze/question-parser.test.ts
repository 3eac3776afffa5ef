import { describe, expect, it } from "vitest";
import { resolveSymbol } from "../../domain/symbol-resolver.js";
import { parseQuestion } from "./question-parser.js";

const parse = (q: string) => parseQuestion(q, resolveSymbol);

describe("parseQuestion", () => {
  it("reads a move with its size, direction and length, and a forward horizon", () => {
    expect(parse("What happened after AAPL fell 10% in 5 days?")).toEqual({
      intent: "move_after",
      tickers: ["AAPL"],
      horizonDays: null,
      move: { return: -0.1, lookbackBars: 5 },
      matched: "fell 10%",
    });
    expect(parse("bitcoin: a 20% rally over 2 weeks, what next 30 days?")).toMatchObject({
      intent: "move_after",
      tickers: ["BTC"],
      horizonDays: 30,
      move: { return: 0.2, lookbackBars: 10 },
    });
  });

  it("finds symbols, xyz aliases and names, in order and once each, and skips common upper-case words", () => {
    expect(parse("Compare NVDA vs gold and xyz:GOLD over 3 months")).toMatchObject({ intent: "compare", tickers: ["NVDA", "xyz:GOLD"], horizonDays: 90 });
    expect(parse("How correlated are Tesla and the S&P 500?")).toMatchObject({ intent: "correlation", tickers: ["TSLA", "SPY"] });
    expect(parse("Is the US CEO of I think AAPL a buy?")).toMatchObject({ intent: "signal", tickers: ["AAPL"] });
  });

  it("needs two tickers for a comparison and falls back to the latest price for a ticker alone", () => {
    expect(parse("Is MSFT better?")).toMatchObject({ intent: "latest_price", tickers: ["MSFT"], matched: "(a ticker alone)" });
    expect(parse("news on ethereum")).toMatchObject({ intent: "narrative", tickers: ["ETH"] });
  });

  it("returns null when nothing is understood", () => {
    expect(parse("what should I have for lunch?")).toBeNull();
    expect(parse("did it fall 10%?")).toBeNull();
  });
});
