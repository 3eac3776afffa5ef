import fs from "node:fs";
import path from "node:path";

/**
 * Earnings reactions from their definitions, for tests: read the daily CSVs, find the closes around a report by
 * date, and subtract the market's return over the same two closes (the market-adjusted model). Written apart from
 * src/analytics on purpose: an oracle shares no code with what it checks.
 */

/** Close by YYYY-MM-DD (the fifth CSV column) of `SYMBOL.csv` in `dir`, and the dates in order. */
export function readCloses(dir: string, symbol: string): { byDate: Map<string, number>; dates: string[] } {
  const lines = fs.readFileSync(path.join(dir, `${symbol}.csv`), "utf8").trim().split("\n").slice(1);
  const rows = lines.map((line) => line.split(","));
  return { byDate: new Map(rows.map((f) => [f[0]!, Number(f[4])])), dates: rows.map((f) => f[0]!) };
}

export interface NaiveReaction {
  before: string;
  day1: string;
  day5: string | null;
  raw1: number;
  raw5: number | null;
  market1: number | null;
  market5: number | null;
  abnormal1: number | null;
  abnormal5: number | null;
}

/**
 * An after-hours report on `reportDate`: the reference close is the report day's own (the last session on or
 * before it), day 1 the first session after it and day 5 the fifth; each return is close / reference - 1, and
 * the abnormal one is the stock's minus the market's between the same two dates (null if the market lacks one).
 */
export function naiveAfterHoursReaction(stock: { byDate: Map<string, number>; dates: string[] }, market: Map<string, number>, reportDate: string): NaiveReaction {
  const beforeAt = stock.dates.filter((d) => d <= reportDate).length - 1;
  const before = stock.dates[beforeAt]!;
  const day1 = stock.dates[beforeAt + 1]!;
  const day5 = stock.dates[beforeAt + 5] ?? null;
  const ret = (closes: Map<string, number>, from: string, to: string) => {
    const a = closes.get(from);
    const b = closes.get(to);
    return a === undefined || b === undefined ? null : b / a - 1;
  };
  const raw1 = ret(stock.byDate, before, day1)!;
  const raw5 = day5 === null ? null : ret(stock.byDate, before, day5);
  const market1 = ret(market, before, day1);
  const market5 = day5 === null ? null : ret(market, before, day5);
  return {
    before,
    day1,
    day5,
    raw1,
    raw5,
    market1,
    market5,
    abnormal1: market1 === null ? null : raw1 - market1,
    abnormal5: market5 === null || raw5 === null ? null : raw5 - market5,
  };
}
