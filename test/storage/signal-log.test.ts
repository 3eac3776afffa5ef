import { expect, it } from "vitest";
import type { FiredSignal, SignalOutcome } from "../../src/domain/trading-signal.js";
import { SignalLog } from "../../src/storage/repos/signal-log.js";
import { describeOnEachDatabase, emptiedBeforeEach } from "../support/test-databases.js";

const DAY_MS = 86_400_000;
const T0 = Date.parse("2025-01-06T00:00:00.000Z");

const signal = (id: string, firedAtMs: number, ticker = "SPY"): FiredSignal => ({
  id,
  firedAtMs,
  ticker,
  asOfDate: "2025-01-06",
  asOfMs: T0,
  direction: "long",
  conviction: 0.25,
  entryPrice: 590.5,
  stopPrice: 570.25,
  targetPrice: 620.125,
  horizonDays: 30,
  expectedReturn: 0.0125,
  // Version 1 logged every call: several rows of one ticker and as-of date, as these.
  ruleVersion: 1,
});

const outcome: SignalOutcome = { exit: "target", exitDate: "2025-01-21", exitPrice: 620.125, assetReturn: 620.125 / 590.5 - 1, signalReturn: 620.125 / 590.5 - 1, holdReturn: 0.031, scoredAtMs: T0 + 40 * DAY_MS };

describeOnEachDatabase("signal log", (open) => {
  const fresh = emptiedBeforeEach(open);
  it("stores signals as fired, pages newest first after a cursor, and scores each once", async () => {
    const log = new SignalLog(fresh().db);
    await log.append(signal("a", T0 + 1000));
    await log.append(signal("b", T0 + 2000));
    await log.append(signal("c", T0 + 2000, "QQQ"));
    expect((await log.list({ limit: 10 })).map((r) => r.id)).toEqual(["c", "b", "a"]);
    expect((await log.list({ limit: 10, after: { firedAtMs: T0 + 2000, id: "c" } })).map((r) => r.id)).toEqual(["b", "a"]);
    expect((await log.list({ limit: 10, ticker: "SPY", sinceMs: T0 + 1500 })).map((r) => r.id)).toEqual(["b"]);
    const [a] = await log.list({ limit: 1, after: { firedAtMs: T0 + 2000, id: "b" } });
    expect(a).toEqual({ ...signal("a", T0 + 1000), status: "pending", pendingReason: null, outcome: null });

    expect(await log.due(T0 + 29 * DAY_MS, 10)).toEqual([]);
    expect((await log.due(T0 + 30 * DAY_MS, 10)).map((r) => r.id).sort()).toEqual(["a", "b", "c"]);
    await log.markPending("a", "bars missing");
    expect((await log.all({ ticker: "SPY" }))[0].pendingReason).toBe("bars missing");
    expect(await log.score("a", outcome)).toBe(true);
    // A second score (a re-run, another node) changes nothing.
    expect(await log.score("a", { ...outcome, exit: "stop", exitPrice: 1 })).toBe(false);
    await log.markPending("a", "should not be written");
    const [scored] = await log.all({ ticker: "SPY", sinceMs: T0 + 1000 });
    expect(scored).toEqual({ ...signal("a", T0 + 1000), status: "scored", pendingReason: null, outcome });
    expect((await log.due(T0 + 30 * DAY_MS, 10)).map((r) => r.id).sort()).toEqual(["b", "c"]);
    // Batches page on after the previous batch's last row (due time, then id).
    const [firstDue] = await log.due(T0 + 30 * DAY_MS, 1);
    const [secondDue] = await log.due(T0 + 30 * DAY_MS, 1, firstDue);
    expect([firstDue.id, secondDue.id]).toEqual(["b", "c"]);
    expect(await log.due(T0 + 30 * DAY_MS, 1, secondDue)).toEqual([]);
  });

  it("finds the newest signal of a ticker and horizon fired since a time (what /api/signals/live reuses)", async () => {
    const log = new SignalLog(fresh().db);
    await log.append(signal("old", T0 + 1000));
    await log.append(signal("new", T0 + 5000));
    await log.append({ ...signal("other-horizon", T0 + 9000), horizonDays: 20 });
    await log.append(signal("other-ticker", T0 + 9000, "QQQ"));
    expect((await log.latest("SPY", 30, T0))?.id).toBe("new");
    expect((await log.latest("SPY", 20, T0))?.id).toBe("other-horizon");
    expect(await log.latest("SPY", 30, T0 + 6000)).toBeUndefined();
    expect(await log.latest("BTC", 30, T0)).toBeUndefined();
  });

  it("keeps one signal per ticker, as-of date, horizon and rules version from version 2 on, and answers the one it holds", async () => {
    const log = new SignalLog(fresh().db);
    const v2 = (id: string, firedAtMs: number, change: Partial<FiredSignal> = {}) => ({ ...signal(id, firedAtMs), ruleVersion: 2, ...change });
    expect((await log.append(v2("first", T0 + 1000))).id).toBe("first");
    // Fired again (a second call, a scan, another node): the logged one comes back, nothing is added.
    const again = await log.append(v2("second", T0 + 2000, { conviction: 0.9 }));
    expect(again).toMatchObject({ id: "first", firedAtMs: T0 + 1000, conviction: 0.25, ruleVersion: 2 });
    // Another horizon, as-of date or version is another signal.
    await log.append(v2("other-horizon", T0 + 3000, { horizonDays: 7 }));
    await log.append(v2("other-day", T0 + 4000, { asOfDate: "2025-01-07", asOfMs: T0 + DAY_MS }));
    await log.append(v2("v3", T0 + 5000, { ruleVersion: 3 }));
    expect((await log.all({ ticker: "SPY" })).map((r) => r.id)).toEqual(["first", "other-horizon", "other-day", "v3"]);
  });
});
