import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { paidRoutes } from "../support/paid-routes.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";


/** The dataset rows themselves, read independently of the service's parser. */
function csvRows(file: string): { date: string; open: number; high: number; low: number; close: number }[] {
  const lines = fs.readFileSync(path.join(DAILY_DATASET_DIR, file), "utf8").trim().split("\n").slice(1);
  return lines.map((line) => {
    const [date, open, high, low, close] = line.split(",");
    return { date, open: Number(open), high: Number(high), low: Number(low), close: Number(close) };
  });
}

describe.skipIf(!SHARED_PRESENT)("price routes on the offline dataset", () => {
  const harness = paidRoutes();
  const get = harness.call;

  it("returns exactly the CSV rows of an inclusive date range", async () => {
    const { status, body } = await get("/get_price_history?ticker=AAPL&start_date=2020-01-02&end_date=2020-01-31");
    expect(status).toBe(200);
    const expected = csvRows("AAPL.csv").filter((r) => r.date >= "2020-01-02" && r.date <= "2020-01-31");
    expect(expected).toHaveLength(21);
    expect(body).toEqual({ ticker: "AAPL", timeframe: "1d", bars: expected, cached: false, source: "offline" });
  });

  it("resolves BTC, xyz:GOLD and SPY to their files", async () => {
    for (const [ticker, file] of [
      ["BTC", "BTC-USD.csv"],
      ["xyz:GOLD", "GOLD.csv"],
      ["SPY", "SPY.csv"],
    ]) {
      const { status, body } = await get(`/get_price_history?ticker=${encodeURIComponent(ticker)}&start_date=2021-03-01&end_date=2021-03-05`);
      expect(status, ticker).toBe(200);
      expect(body.bars, ticker).toEqual(csvRows(file).filter((r) => r.date >= "2021-03-01" && r.date <= "2021-03-05"));
    }
  });

  it("answers the latest close and its change over the previous close", async () => {
    const rows = csvRows("MSFT.csv");
    const [previous, last] = rows.slice(-2);
    const { status, body } = await get("/get_latest_price?ticker=msft");
    expect(status).toBe(200);
    expect(body).toMatchObject({ ticker: "MSFT", date: last.date, close: last.close, change_pct: last.close / previous.close - 1, cached: false });
    // Offline, the answer says so and how old the bar is: never mistaken for today's price.
    const ageDays = Math.floor((Date.now() - Date.parse(`${last.date}T00:00:00Z`)) / 86_400_000);
    expect(body).toMatchObject({ source: "offline", as_of: last.date, age_days: ageDays, stale: true });
    expect(body.note).toMatch(/Offline dataset \(MARKET_DATA_DIR\).*not a live quote.*days old/);
  });

  it("takes the same parameters from a JSON body on POST", async () => {
    const header = await harness.payer().paymentFor("/get_price_history");
    const res = await harness.service().app.request("/get_price_history", {
      method: "POST",
      headers: { "PAYMENT-SIGNATURE": header, "content-type": "application/json" },
      body: JSON.stringify({ ticker: "ETH", start_date: "2022-06-01", end_date: "2022-06-01" }),
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { bars: unknown[] }).bars).toEqual(csvRows("ETH-USD.csv").filter((r) => r.date === "2022-06-01"));
  });

  it("ranks only the offline folder's US stocks of one common day for movers, and says which day", async () => {
    const { status, body } = await get("/get_market_movers?category=all&count=10");
    expect(status).toBe(200);
    type Row = { symbol: string; change_pct: number; price: number };
    const changes = body.gainers.map((m: Row) => m.change_pct);
    expect([...changes].sort((a, b) => b - a)).toEqual(changes);
    // Funds (SPY, QQQ), crypto, indices, FX, yields and the macro files are not US stocks.
    const ranked = new Set([...body.gainers, ...body.losers, ...body.most_active].map((m: Row) => m.symbol));
    expect([...ranked].sort()).toEqual(["AAPL", "AMZN", "GOOGL", "MSFT", "NVDA", "TSLA"]);
    expect(body).toMatchObject({ source: "offline", as_of: "2024-12-06" });
    expect(body.universe).toMatch(/US stocks of the offline dataset/);
    const nvda = csvRows("NVDA.csv").slice(-2);
    expect(body.losers.find((m: Row) => m.symbol === "NVDA").change_pct).toBe(nvda[1].close / nvda[0].close - 1);
    expect(nvda[1].date).toBe("2024-12-06");
  });

  it("answers unknown tickers 404, empty ranges 404, intraday offline 422, and charges none of them", async () => {
    const before = await harness.payer().balance();
    const unknown = await get("/get_latest_price?ticker=ZZZZQ");
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "UNKNOWN_TICKER"]);
    const weekend = await get("/get_price_history?ticker=AAPL&start_date=2020-01-04&end_date=2020-01-05");
    expect([weekend.status, weekend.body.error.code]).toEqual([404, "NO_DATA"]);
    const intraday = await get("/get_price_history?ticker=AAPL&start_date=2020-01-02&end_date=2020-01-03&timeframe=15m");
    expect([intraday.status, intraday.body.error.code]).toEqual([422, "RANGE_UNAVAILABLE"]);
    const badDate = await get("/get_price_history?ticker=AAPL&start_date=2020-02-30&end_date=2020-03-01");
    expect([badDate.status, badDate.body.error.details[0].param]).toEqual([422, "start_date"]);
    expect(await harness.payer().balance()).toBe(before);
  });
});
