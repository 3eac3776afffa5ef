import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { resolveSymbol } from "../../../domain/symbol-resolver.js";
import { describeWithShared, SHARED_DAILY_DIR } from "../../../../test/support/replay-fetch.js";
import { CsvBarStore } from "./csv-bar-store.js";
import { CsvPriceProvider } from "./csv-price-provider.js";
import { appError } from "../../../../test/support/caught-app-error.js";

const ms = (date: string) => Date.parse(`${date}T00:00:00Z`);
const ALL_FROM = ms("1970-01-01");
const ALL_TO = ms("2100-01-01");

describeWithShared("CsvPriceProvider on ../shared/datasets/daily", () => {
  const provider = new CsvPriceProvider({ marketDataDir: SHARED_DAILY_DIR });

  it("serves AAPL 2020-01-02..2020-01-31 exactly as the CSV rows", async () => {
    const rows = readFileSync(path.join(SHARED_DAILY_DIR, "AAPL.csv"), "utf8")
      .split("\n")
      .slice(1)
      .filter((line) => line >= "2020-01-02" && line < "2020-02-01");
    expect(rows).toHaveLength(21);
    const expected = rows.map((line) => {
      const [date, open, high, low, close, volume] = line.split(",");
      return { tsMs: ms(date!), open: Number(open), high: Number(high), low: Number(low), close: Number(close), volume: Number(volume) };
    });
    const bars = await provider.bars(resolveSymbol("AAPL"), "1d", ms("2020-01-02"), ms("2020-02-01"));
    expect(bars).toEqual(expected);
  });

  it("finds BTC, xyz:GOLD and SPY through the resolver", async () => {
    const btc = await provider.bars(resolveSymbol("BTC"), "1d", ALL_FROM, ALL_TO);
    expect(btc[0]).toMatchObject({ tsMs: ms("2014-09-17"), close: 457.334015 });
    const gold = await provider.bars(resolveSymbol("xyz:GOLD"), "1d", ALL_FROM, ALL_TO);
    expect(gold[0]).toEqual({ tsMs: ms("2009-01-02"), open: 881.5, high: 881.5, low: 868.900024, close: 878.799988, volume: null });
    const spy = await provider.bars(resolveSymbol("SPY"), "1d", ALL_FROM, ALL_TO);
    expect(spy.at(-1)).toMatchObject({ tsMs: ms("2025-09-15"), close: 660.909973 });
  });

  it("serves the macro files through their aliases", async () => {
    const firstDates: Record<string, string> = { "^VIX": "1990-01-02", "^TNX": "2001-01-02", "EURUSD=X": "2003-12-01", "CL=F": "1986-01-02", "BZ=F": "1987-05-20" };
    for (const [ticker, first] of Object.entries(firstDates)) {
      const bars = await provider.bars(resolveSymbol(ticker), "1d", ALL_FROM, ALL_TO);
      expect(bars[0]?.tsMs).toBe(ms(first));
      expect(bars[0]?.volume).toBeNull();
    }
  });

  it("answers UNKNOWN_TICKER for symbols without a file, including Barrick's GOLD", async () => {
    for (const ticker of ["IBM", "GOLD", "^GSPC", "xyz:SILVER"]) {
      const error = await appError(provider.bars(resolveSymbol(ticker), "1d", ALL_FROM, ALL_TO));
      expect(error.code).toBe("UNKNOWN_TICKER");
    }
  });

  it("answers RANGE_UNAVAILABLE for intraday timeframes", async () => {
    const error = await appError(provider.bars(resolveSymbol("AAPL"), "1h", ms("2020-01-02"), ms("2020-01-03")));
    expect(error.code).toBe("RANGE_UNAVAILABLE");
  });

  it("returns [] for a range with no rows (a weekend)", async () => {
    expect(await provider.bars(resolveSymbol("AAPL"), "1d", ms("2020-01-04"), ms("2020-01-06"))).toEqual([]);
  });
});

it("parses each file once per instance, lazily, and shares a concurrent first load", async () => {
  const reads: string[] = [];
  const store = new CsvBarStore({
    dir: "/data",
    readText: async (filePath) => {
      reads.push(filePath);
      if (filePath.endsWith("AAPL.csv")) return "date,open,high,low,close,volume\n2020-01-02,1,2,1,1.5,10\n";
      throw Object.assign(new Error("missing"), { code: "ENOENT" });
    },
  });
  const provider = new CsvPriceProvider({ store });
  const aapl = resolveSymbol("AAPL");
  await Promise.all([provider.bars(aapl, "1d", ALL_FROM, ALL_TO), provider.bars(aapl, "1d", ALL_FROM, ALL_TO)]);
  await provider.bars(aapl, "1d", ms("2020-01-02"), ms("2020-01-03"));
  expect(reads).toEqual([path.join("/data", "AAPL.csv")]);
  await expect(provider.bars(resolveSymbol("MSFT"), "1d", ALL_FROM, ALL_TO)).rejects.toMatchObject({ code: "UNKNOWN_TICKER" });
});
