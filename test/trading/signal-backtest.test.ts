import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FakeClock } from "../support/fake-clock.js";
import { paidRoutes, expectValidationFailures } from "../support/paid-routes.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";
import { naiveReplay, readCsvBars } from "../reference/naive-signal-replay.js";
import { offlineTrading } from "../support/offline-trading.js";

type Body = Record<string, any>;
const NOW_MS = Date.parse("2026-11-23T12:00:00.000Z");

describe.skipIf(!SHARED_PRESENT)("/trading/performance mode=backtest", () => {
  // NVDA's history cut at 2014-06-30: the replay from 2013-12-05 holds a long stopped out and horizon exits; the 1-day
  // replay of June 2014 holds horizons that fall on weekends (unscorable, the replay going on at the next bar).
  it.each([
    ["NVDA", "2013-12-05", 30, "stop"],
    ["NVDA", "2014-06-02", 1, null],
  ] as const)("%s from %s, horizon %i: equals an independent replay of /trading/signal per as-of date, scored from the CSV", async (ticker, since, horizon, mustExit) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-backtest-"));
    const rows = fs.readFileSync(path.join(DAILY_DATASET_DIR, `${ticker}.csv`), "utf8").trim().split("\n");
    fs.writeFileSync(path.join(dir, `${ticker}.csv`), rows.filter((r, i) => i === 0 || r.slice(0, 10) <= "2014-06-30").join("\n") + "\n");
    const trading = await offlineTrading(dir, new FakeClock(NOW_MS));
    let body: Body;
    try {
      body = await trading.handle("/trading/performance", { ticker, since, mode: "backtest", horizon_days: horizon });
      // A replay fires nothing: the public log stays empty (an empty log serves nothing: 404 NO_DATA).
      await expect(trading.handle("/trading/signals/history", {})).rejects.toMatchObject({ code: "NO_DATA" });
    } finally {
      await trading.close();
    }
    expect(body.mode).toBe("backtest");
    expect(body.backtest.label).toMatch(/^BACKTEST/);
    const bars = readCsvBars(dir, ticker);
    const naive = await naiveReplay(bars, bars.findIndex((b) => b.date >= since), horizon, async (asOfDate) => {
      const atDate = await offlineTrading(dir, new FakeClock(Date.parse(`${asOfDate}T00:00:00.000Z`)));
      try {
        const s = await atDate.handle("/trading/signal", { ticker, horizon_days: horizon });
        expect(s.as_of_date).toBe(asOfDate);
        return { direction: s.direction, entry: s.entry.price, stop: s.stop, target: s.target };
      } finally {
        await atDate.close();
      }
    });
    fs.rmSync(dir, { recursive: true, force: true });
    expect(naive.length).toBeGreaterThan(4);
    expect(naive.map((r) => r.exit)).toContain(mustExit);
    const replayed = body.backtest.signals.map((s: Body) => ({
      asOfDate: s.as_of_date,
      direction: s.direction,
      entry: s.entry,
      stop: s.stop,
      target: s.target,
      exit: s.outcome?.exit ?? null,
      exitDate: s.outcome?.exit_date ?? null,
      exitPrice: s.outcome?.exit_price ?? null,
    }));
    expect(replayed).toEqual(naive.map(({ signalReturn: _r, ...row }) => row));
    body.backtest.signals.forEach((s: Body, i: number) => {
      if (naive[i].signalReturn !== null) expect(s.outcome.signal_return).toBeCloseTo(naive[i].signalReturn!, 12);
    });
    const directional = naive.filter((r) => r.exit !== null && r.direction !== "flat");
    expect(body.overall.n_directional).toBe(directional.length);
    expect(body.overall.n_scored + body.overall.n_pending).toBe(naive.length);
    if (directional.length > 0) {
      expect(body.overall.win_rate).toBeCloseTo(directional.filter((r) => r.signalReturn! > 0).length / directional.length, 12);
    }
  }, 300_000);

  const harness = paidRoutes({ clock: new FakeClock(NOW_MS) });
  it("requires a ticker, and answers 404 for an unknown one and 422 past the end of history, uncharged", async () => {
    await expectValidationFailures(harness, [
      ["/trading/performance?mode=backtest", "ticker"],
      ["/trading/performance?mode=replay", "mode"],
      ["/trading/performance?mode=backtest&ticker=SPY&horizon_days=0", "horizon_days"],
    ]);
    const before = await harness.payer().balance();
    const unknown = await harness.call("/trading/performance?mode=backtest&ticker=NOSUCH");
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "UNKNOWN_TICKER"]);
    const late = await harness.call("/trading/performance?mode=backtest&ticker=SPY&since=2026-01-01");
    expect([late.status, late.body.error.code]).toEqual([422, "RANGE_UNAVAILABLE"]);
    expect(await harness.payer().balance()).toBe(before);
  });
});
