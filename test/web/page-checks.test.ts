import { describe, expect, it } from "vitest";
import { describeCost, routePrices, searchCost } from "../../web/src/cost.js";
import { checkSearch, type SearchInput } from "../../web/src/form-check.js";
import { evidenceRows, plainReading, verdictOf, type Horizon } from "../../web/src/reading.js";
import { recordNote, type TrackRecordBody } from "../../web/src/record-note.js";

const TODAY = "2026-11-28";
const form = (over: Partial<SearchInput> = {}): SearchInput => ({
  ticker: "SPY",
  start_date: "2020-02-01",
  end_date: "2020-03-15",
  k: 10,
  metric: "l2",
  causal: false,
  ...over,
});

describe("the page's checks before any paid call (web/src/form-check.ts)", () => {
  it("accepts a complete search", () => {
    expect(checkSearch(form(), TODAY)).toBeUndefined();
    expect(checkSearch(form({ universe: "all" }), TODAY)).toBeUndefined();
  });

  it("names the field of every search the service would refuse", () => {
    expect(checkSearch(form({ start_date: "2020-03-15", end_date: "2020-02-01" }), TODAY)?.field).toBe("start");
    expect(checkSearch(form({ end_date: "2020-02-01" }), TODAY)?.message).toContain("before the end");
    expect(checkSearch(form({ ticker: "" }), TODAY)?.field).toBe("ticker");
    expect(checkSearch(form({ start_date: "" }), TODAY)?.field).toBe("start");
    expect(checkSearch(form({ end_date: "2020-02-30" }), TODAY)?.field).toBe("end");
    expect(checkSearch(form({ start_date: "2027-01-01", end_date: "2027-02-01" }), TODAY)?.field).toBe("start");
    expect(checkSearch(form({ end_date: "2020-02-04" }), TODAY)?.message).toContain("at least 5");
    expect(checkSearch(form({ k: 0 }), TODAY)?.field).toBe("k");
    expect(checkSearch(form({ k: 2.5 }), TODAY)?.field).toBe("k");
    expect(checkSearch(form({ k: Number.NaN }), TODAY)?.field).toBe("k");
    expect(checkSearch(form({ metric: "cosine" as never }), TODAY)?.field).toBe("metric");
    expect(checkSearch(form({ universe: " , " }), TODAY)?.field).toBe("several");
  });

  it("counts bars exactly when the page holds the history", () => {
    expect(checkSearch(form({ start_date: "2024-10-05", end_date: "2024-10-10" }), TODAY, 3)?.message).toBe(
      "The window holds 3 daily bars; a search needs at least 5.",
    );
    expect(checkSearch(form(), TODAY, 29)).toBeUndefined();
  });
});

describe("the cost said before a search (web/src/cost.ts)", () => {
  const prices = routePrices({
    paths: {
      "/get_patterns": { post: { "x-payment-info": { protocols: [{ x402: { amount: "50000" } }] } } },
      "/get_price_history": { post: { "x-payment-info": { protocols: [{ x402: { amount: "5000" } }] } } },
      "/forward_distribution": { post: { "x-payment-info": { protocols: [{}, { x402: { amount: "50000" } }] } } },
    },
  });

  it("reads the prices /openapi.json publishes", () => {
    expect([...prices.entries()]).toEqual([["/get_patterns", 50_000n], ["/get_price_history", 5000n], ["/forward_distribution", 50_000n]]);
  });

  it("prices a search of the ticker's own history, and leaves out a history the page holds", () => {
    expect(describeCost(searchCost(form(), prices, false))).toBe("3 calls, $0.105");
    expect(describeCost(searchCost(form(), prices, true))).toBe("2 calls, $0.10");
  });

  it("gives a range when the analogs' series decide how many histories are bought", () => {
    expect(describeCost(searchCost(form({ universe: "MSFT, nvda,SPY" }), prices, false))).toBe("3 to 5 calls, $0.105 to $0.115");
    expect(describeCost(searchCost(form({ universe: "all", k: 3 }), prices, true))).toBe("2 to 5 calls, $0.10 to $0.115");
  });
});

const horizon = (excess: { low: number | null; high: number | null }): Horizon => ({
  horizon_days: 30,
  n: 10,
  hit_rate: 0.7,
  p10: -0.05,
  p50: 0.02,
  p90: 0.08,
  baseline: { horizon_days: 30, n_effective: 352, mean: 0.0087, hit_rate: 0.6485, first_date: "1993-01-29", last_date: "2020-01-21" },
  mean_ci: { n_independent: 10, mean: 0.0298, low: -0.01, high: 0.07, level: 0.9, withheld: null, design_effect: 1.55 },
  excess_over_baseline: { mean: 0.0211, t_stat: 1.63, p_value: 0.14, ...excess },
});

describe("the plain reading (web/src/reading.ts)", () => {
  it("says within noise when the excess interval straddles zero", () => {
    const h = horizon({ low: -0.048, high: 0.062 });
    expect(verdictOf(h.excess_over_baseline)).toBe("within-noise");
    expect(plainReading("SPY", h, false)).toBe(
      "Of the 10 closest past windows of SPY, 7 rose over the next 30 days (+2.98% on average). " +
        "On any 30 days SPY rose 65% of the time, by +0.87% on average (the baseline). " +
        "The difference is within noise: the analogs' +2.11% over the baseline (90% interval -4.80% to +6.20%) includes zero, so these analogs say nothing the baseline does not.",
    );
  });

  it("says more than noise when the interval excludes zero, and says when there is no interval", () => {
    expect(plainReading("SPY", horizon({ low: 0.0015, high: 0.047 }), true)).toContain("more than noise at the 90% level: the analogs' +2.11% over the baseline (90% interval +0.15% to +4.70%) lies above zero");
    expect(plainReading("SPY", horizon({ low: 0.0015, high: 0.047 }), true)).toContain("windows of SPY that ended before yours");
    expect(verdictOf({ mean: -0.03, low: -0.05, high: -0.01, t_stat: null, p_value: null })).toBe("below-baseline");
    expect(plainReading("SPY", horizon({ low: null, high: null }), false)).toContain("There is no interval for the difference");
  });

  it("lists the evidence with the API's own figures", () => {
    const rows = new Map(evidenceRows(horizon({ low: 0.0015, high: 0.047 })));
    expect(rows.get("Baseline (any window)")).toBe("+0.87%, 65% rose, 352 independent periods 1993-01-29 to 2020-01-21");
    expect(rows.get("90% interval of that mean")).toBe("-1.00% to +7.00% (design effect 1.55)");
    expect(rows.get("Excess over baseline")).toBe("+2.11%, 90% interval +0.15% to +4.70%");
    expect(rows.get("t statistic (p-value)")).toBe("1.63 (p = 0.140)");
  });
});

describe("the track record beside the results (web/src/record-note.ts)", () => {
  const group = (route: string, scored: number) => ({
    route,
    horizon: 30,
    horizon_unit: "calendar_days",
    scored,
    range_coverage: { n: scored, rate: 0.77, low: 0.75, high: 0.79, nominal: 0.8 },
    hit_rate: { rate: 0.53 },
    baseline_hit_rate: { rate: 0.56 },
  });

  it("shows sold forecasts once enough are scored, the replay before that, and says which", () => {
    const replayOnly: TrackRecordBody = { live: { groups: [group("forward_distribution", 4)] }, replay: { groups: [group("api_backtest", 4941)] } };
    expect(recordNote(replayOnly, 30)).toBe(
      "Over 4941 replayed analog forecasts (the same search run walk-forward; a replay, not sales) at 30 days, the analogs' P10–P90 range held what happened 77% of the time " +
        "(95% interval 75% to 79%; 80% if the ranges were right). Their direction was right 53% of the time, against 56% for the baseline's. Sold forecasts scored so far: 4.",
    );
    expect(recordNote({ live: { groups: [group("forward_distribution", 40)] }, replay: { groups: [] } }, 30)).toContain("Over 40 sold /forward_distribution forecasts");
    expect(recordNote({ live: { groups: [] }, replay: { groups: [] } }, 30)).toBe("No scored forecast of this kind yet on this node.");
  });
});
