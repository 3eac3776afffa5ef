import { beforeAll, describe, expect, it } from "vitest";
import type { FiredSignal, SignalRecord } from "../../src/domain/trading-signal.js";
import { SIGNAL_SCORING_JOB } from "../../src/jobs/signal-scoring.js";
import { SignalLog } from "../../src/storage/repos/signal-log.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { suiteService } from "../support/suite-service.js";

/** A long/short/flat signal on SPY, fired at the close of `asOf`; prices are from the shared SPY.csv. */
function spySignal(id: string, asOf: string, entry: number, direction: FiredSignal["direction"], stop: number | null, target: number | null, horizonDays: number): FiredSignal {
  const asOfMs = Date.parse(`${asOf}T00:00:00.000Z`);
  return { id, firedAtMs: asOfMs + 3_600_000, ticker: "SPY", asOfDate: asOf, asOfMs, direction, conviction: 0.5, entryPrice: entry, stopPrice: stop, targetPrice: target, horizonDays, expectedReturn: null, ruleVersion: 1 };
}

/*
 * Outcomes worked out by hand from the SPY rows (date, open, high, low, close):
 * 2020-03-20 close 212.106445; 2020-03-23 O 211.540961 H 212.92224 L 202.33546 C 206.683273;
 * 2020-03-24 O 217.316366 H 226.290106 L 216.741607; 2020-04-13 C 255.547546; 04-14 H 264.113289 L 255.408411;
 * 04-15 H 263.223324 L 255.362027; 04-16 H 259.598681 L 255.640235 C 258.736542.
 */
const CASES: { signal: FiredSignal; exit: string; exitDate: string; exitPrice: number; signalReturn: number }[] = [
  // Long from 212.11, stop 205: the next bar's low 202.34 reaches it (opened above, so filled at 205).
  { signal: spySignal("s-stop", "2020-03-20", 212.106445, "long", 205, 240, 10), exit: "stop", exitDate: "2020-03-23", exitPrice: 205, signalReturn: 205 / 212.106445 - 1 },
  // Long from 206.68, target 225: 03-24's high 226.29 reaches it, its low 216.74 stays above the stop 195.
  { signal: spySignal("s-target", "2020-03-23", 206.683273, "long", 195, 225, 10), exit: "target", exitDate: "2020-03-24", exitPrice: 225, signalReturn: 225 / 206.683273 - 1 },
  // Target 215 was already passed at 03-24's open: filled at the open, 217.316366.
  { signal: spySignal("s-gap", "2020-03-23", 206.683273, "long", 195, 215, 10), exit: "target", exitDate: "2020-03-24", exitPrice: 217.316366, signalReturn: 217.316366 / 206.683273 - 1 },
  // Short from 206.68, stop 220 above: 03-24's high 226.29 reaches it; a short loses the rise.
  { signal: spySignal("s-short", "2020-03-23", 206.683273, "short", 220, 190, 10), exit: "stop", exitDate: "2020-03-24", exitPrice: 220, signalReturn: -(220 / 206.683273 - 1) },
  // Long from 255.55 for 3 days, stop 240 / target 270: lows >= 255.36 and highs <= 264.11, so the 04-16 close.
  { signal: spySignal("s-neither", "2020-04-13", 255.547546, "long", 240, 270, 3), exit: "horizon", exitDate: "2020-04-16", exitPrice: 258.736542, signalReturn: 258.736542 / 255.547546 - 1 },
  // Flat holds nothing: the asset's move is recorded, the signal's return is 0.
  { signal: spySignal("s-flat", "2020-04-13", 255.547546, "flat", null, null, 3), exit: "horizon", exitDate: "2020-04-16", exitPrice: 258.736542, signalReturn: 0 },
];

describe.skipIf(!SHARED_PRESENT)("the signal scoring job on the offline dataset", () => {
  const service = suiteService();
  let log: SignalLog;
  beforeAll(async () => {
    log = new SignalLog(service().database.db);
    for (const c of CASES) await log.append(c.signal);
    // Due (2024-12-06 + 30 days is long past) but AAPL.csv ends on 2024-12-06: no bars to score it from.
    await log.append({ ...spySignal("s-pending", "2024-12-06", 242.839996, "long", 230, 260, 30), ticker: "AAPL" });
    // Not due yet: never looked at.
    await log.append({ ...spySignal("s-future", "2024-12-06", 242.839996, "long", 230, 260, 30), asOfMs: Date.now() + 86_400_000 });
  });

  const byId = async () => new Map((await log.list({ limit: 100 })).map((r): [string, SignalRecord] => [r.id, r]));

  it("scores stop-first, target-first and neither exactly as worked out by hand, and re-running changes nothing", async () => {
    await service().jobs.runNow(SIGNAL_SCORING_JOB);
    const first = await byId();
    for (const c of CASES) {
      const record = first.get(c.signal.id)!;
      expect([c.signal.id, record.status, record.outcome?.exit, record.outcome?.exitDate]).toEqual([c.signal.id, "scored", c.exit, c.exitDate]);
      expect(record.outcome!.exitPrice).toBeCloseTo(c.exitPrice, 9);
      expect(record.outcome!.signalReturn).toBeCloseTo(c.signalReturn, 12);
      expect(record.outcome!.assetReturn).toBeCloseTo(c.exitPrice / c.signal.entryPrice - 1, 12);
      // The signal columns are as fired.
      expect({ ...record, status: undefined, pendingReason: undefined, outcome: undefined }).toEqual({ ...c.signal, status: undefined, pendingReason: undefined, outcome: undefined });
    }
    const pending = first.get("s-pending")!;
    expect([pending.status, pending.outcome]).toEqual(["pending", null]);
    expect(pending.pendingReason).toMatch(/AAPL do not reach 30 days after 2024-12-06/);
    expect(first.get("s-future")!).toMatchObject({ status: "pending", pendingReason: null });

    await service().jobs.runNow(SIGNAL_SCORING_JOB);
    expect(await byId()).toEqual(first);
  });
});
