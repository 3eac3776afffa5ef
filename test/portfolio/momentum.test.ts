import { describe, expect, it } from "vitest";
import { momentumAsOf, type MomentumOutcome } from "../../src/analytics/momentum.js";
import { rankByMomentum } from "../../src/analytics/momentum-ranking.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { naiveMomentum } from "./naive-momentum.js";
import { readCsv, type CsvSeries } from "./naive-portfolio.js";

const toSeries = (s: CsvSeries, upto = s.dates.length) => ({
  timesMs: Float64Array.from(s.dates.slice(0, upto), (d) => Date.parse(`${d}T00:00:00Z`)),
  closes: Float64Array.from(s.closes.slice(0, upto)),
});

const measuresOf = (outcome: MomentumOutcome) => {
  if (outcome.kind !== "ok") throw new Error(outcome.reason);
  return outcome.measures;
};

describe.skipIf(!SHARED_PRESENT)("momentum measures on the daily dataset", () => {
  it("match a naive recomputation from the CSV (SPY as of 2020-03-20, BTC as of its last bar)", () => {
    const spy = readCsv("SPY.csv");
    const asOf = spy.dates.indexOf("2020-03-20");
    const got = measuresOf(momentumAsOf(toSeries(spy), asOf, 252));
    const want = naiveMomentum(spy, asOf, 252);
    for (const [key, value] of Object.entries(want)) expect(got[key as keyof typeof got], key).toBeCloseTo(value, 12);
    expect(got.return6m).toBeLessThan(-0.2);
    const btc = readCsv("BTC-USD.csv");
    const last = btc.dates.length - 1;
    const btcGot = measuresOf(momentumAsOf(toSeries(btc), last, 365));
    for (const [key, value] of Object.entries(naiveMomentum(btc, last, 365))) expect(btcGot[key as keyof typeof btcGot], key).toBeCloseTo(value, 12);
    expect(btcGot.volatilityObservations).toBe(365);
  });

  it("does not look ahead: the figures as of a date are unchanged when every later bar is removed", () => {
    for (const file of ["NVDA.csv", "ETH-USD.csv", "GOLD.csv"]) {
      const s = readCsv(file);
      for (const date of ["2022-06-17", "2023-01-03", "2024-03-28"]) {
        const asOf = s.dates.findIndex((d) => d >= date);
        const full = momentumAsOf(toSeries(s), asOf, 252);
        const truncated = momentumAsOf(toSeries(s, asOf + 1), asOf, 252);
        expect(truncated, `${file} ${date}`).toEqual(full);
      }
    }
  });

  it("reports insufficient history when a year of bars is not there", () => {
    const sol = readCsv("SOL-USD.csv");
    const early = momentumAsOf(toSeries(sol), 200, 365);
    expect(early.kind).toBe("insufficient_history");
  });

  it("ranks the dataset's files by the naive composite, strongest first, unscored names last in input order", () => {
    const files = ["AAPL.csv", "AMZN.csv", "GOOGL.csv", "MSFT.csv", "NVDA.csv", "TSLA.csv", "SPY.csv", "QQQ.csv"];
    const asOfDate = "2023-06-30";
    const items = files.map((file) => {
      const s = readCsv(file);
      const asOf = s.dates.indexOf(asOfDate);
      return { file, outcome: momentumAsOf(toSeries(s), asOf, 252), naive: naiveMomentum(s, asOf, 252).compositeScore };
    });
    const short = { file: "SOL-EARLY", outcome: momentumAsOf(toSeries(readCsv("SOL-USD.csv")), 100, 365), naive: Number.NaN };
    const ranked = rankByMomentum([items[0], short, ...items.slice(1)], (item) => item.outcome);
    const expected = [...items].sort((a, b) => b.naive - a.naive).map((i) => i.file);
    expect(ranked.map((r) => r.item.file)).toEqual([...expected, "SOL-EARLY"]);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, null]);
    expect(ranked[0].item.file).toBe("NVDA.csv");
  });
});
