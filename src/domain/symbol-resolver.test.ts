import { describe, expect, it } from "vitest";
import { AppError } from "./app-error.js";
import { resolveSymbol } from "./symbol-resolver.js";

function expectUnknown(input: string): void {
  let caught: unknown;
  try {
    resolveSymbol(input);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AppError);
  expect((caught as AppError).code).toBe("UNKNOWN_TICKER");
}

describe("resolveSymbol", () => {
  it("upper-cases US stocks and passes them through", () => {
    expect(resolveSymbol("aapl")).toEqual({ ticker: "AAPL", source: "AAPL", assetClass: "equity" });
    expect(resolveSymbol("  msft ")).toEqual({ ticker: "MSFT", source: "MSFT", assetClass: "equity" });
  });

  it("writes share classes with a dash for Yahoo and a dot for the caller", () => {
    expect(resolveSymbol("BRK.B")).toEqual({ ticker: "BRK.B", source: "BRK-B", assetClass: "equity" });
    expect(resolveSymbol("brk-b")).toEqual({ ticker: "BRK.B", source: "BRK-B", assetClass: "equity" });
  });

  it("marks listed ETFs", () => {
    expect(resolveSymbol("SPY").assetClass).toBe("etf");
    expect(resolveSymbol("qqq").assetClass).toBe("etf");
    expect(resolveSymbol("XLK").assetClass).toBe("etf");
    expect(resolveSymbol("ARKW").assetClass).toBe("equity");
  });

  it("maps crypto through the explicit table, with Yahoo's numeric suffixes", () => {
    expect(resolveSymbol("BTC")).toEqual({ ticker: "BTC", source: "BTC-USD", assetClass: "crypto", perpCoin: "BTC" });
    expect(resolveSymbol("eth").source).toBe("ETH-USD");
    const suffixed: Record<string, string> = {
      HYPE: "HYPE32196-USD",
      SUI: "SUI20947-USD",
      APT: "APT21794-USD",
      UNI: "UNI7083-USD",
      ARB: "ARB11841-USD",
    };
    for (const [sym, source] of Object.entries(suffixed)) {
      expect(resolveSymbol(sym)).toEqual({ ticker: sym, source, assetClass: "crypto", perpCoin: sym });
    }
    expect(resolveSymbol("PEPE").perpCoin).toBe("kPEPE");
  });

  it("lets the crypto map win over same-named US tickers (documented collision rule)", () => {
    expect(resolveSymbol("SOL")).toMatchObject({ source: "SOL-USD", assetClass: "crypto" });
    expect(resolveSymbol("LINK")).toMatchObject({ source: "LINK-USD", assetClass: "crypto" });
  });

  it("accepts Yahoo-style crypto pairs directly", () => {
    expect(resolveSymbol("BTC-USD")).toEqual({ ticker: "BTC-USD", source: "BTC-USD", assetClass: "crypto", perpCoin: "BTC" });
    expect(resolveSymbol("hype-usd")).toMatchObject({ source: "HYPE32196-USD", perpCoin: "HYPE" });
    expect(resolveSymbol("HYPE32196-USD")).toMatchObject({ source: "HYPE32196-USD", perpCoin: "HYPE" });
    expect(resolveSymbol("ZRC-USD")).toEqual({ ticker: "ZRC-USD", source: "ZRC-USD", assetClass: "crypto" });
  });

  it("maps the xyz: aliases and keeps the Hyperliquid coin", () => {
    const table: Record<string, [string, string]> = {
      GOLD: ["GC=F", "commodity"],
      SILVER: ["SI=F", "commodity"],
      CL: ["CL=F", "commodity"],
      BRENTOIL: ["BZ=F", "commodity"],
      NATGAS: ["NG=F", "commodity"],
      COPPER: ["HG=F", "commodity"],
      PLATINUM: ["PL=F", "commodity"],
      SP500: ["^GSPC", "index"],
      XYZ100: ["^NDX", "index"],
      JP225: ["^N225", "index"],
      EUR: ["EURUSD=X", "fx"],
      JPY: ["JPY=X", "fx"],
      SKHX: ["000660.KS", "equity"],
      SMSN: ["005930.KS", "equity"],
      SOFTBANK: ["9984.T", "equity"],
      NVDA: ["NVDA", "equity"],
      TSLA: ["TSLA", "equity"],
    };
    for (const [alias, [source, assetClass]] of Object.entries(table)) {
      expect(resolveSymbol(`xyz:${alias}`)).toEqual({ ticker: `xyz:${alias}`, source, assetClass, perpCoin: `xyz:${alias}` });
    }
    expect(resolveSymbol("XYZ:gold")).toMatchObject({ ticker: "xyz:GOLD", source: "GC=F" });
  });

  it("accepts macro symbols as given", () => {
    expect(resolveSymbol("^VIX")).toEqual({ ticker: "^VIX", source: "^VIX", assetClass: "index" });
    expect(resolveSymbol("^tnx")).toEqual({ ticker: "^TNX", source: "^TNX", assetClass: "rate" });
    expect(resolveSymbol("^GSPC").assetClass).toBe("index");
    expect(resolveSymbol("GC=F")).toEqual({ ticker: "GC=F", source: "GC=F", assetClass: "commodity" });
    expect(resolveSymbol("ES=F").assetClass).toBe("index");
    expect(resolveSymbol("eurusd=x")).toEqual({ ticker: "EURUSD=X", source: "EURUSD=X", assetClass: "fx" });
    expect(resolveSymbol("JPY=X").assetClass).toBe("fx");
  });

  it("accepts non-US listings in Yahoo form", () => {
    expect(resolveSymbol("000660.KS")).toEqual({ ticker: "000660.KS", source: "000660.KS", assetClass: "equity" });
    expect(resolveSymbol("sap.de").source).toBe("SAP.DE");
  });

  it("plain GOLD is Barrick Gold, not the xyz commodity", () => {
    expect(resolveSymbol("GOLD")).toEqual({ ticker: "GOLD", source: "GOLD", assetClass: "equity" });
  });

  it("rejects empty, illegal, unknown-alias and malformed input with UNKNOWN_TICKER", () => {
    for (const bad of ["", "   ", "AA PL", "AAPL;DROP", "<script>", "xyz:NOPE", "xyz:", "foo:BTC", "TOOLONGTICKER",
      "^", "BRK.BB.C", "A".repeat(40), "xyz:GOLD:X", "$AAPL"]) {
      expectUnknown(bad);
    }
  });

  it("names the parameter in the error details", () => {
    try {
      resolveSymbol("xyz:NOPE");
      expect.unreachable();
    } catch (error) {
      expect((error as AppError).details).toEqual([{ param: "ticker", issue: "not a known xyz: alias" }]);
    }
  });
});
