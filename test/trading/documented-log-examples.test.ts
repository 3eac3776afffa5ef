import { afterAll, describe, expect, it } from "vitest";
import { SIGNALS_HISTORY_EXAMPLE, TRADING_PERFORMANCE_EXAMPLE } from "../../src/contracts/trading/trading-examples.js";
import { SIGNAL_SCORING_JOB } from "../../src/jobs/signal-scoring.js";
import { FakeClock } from "../support/fake-clock.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";
import { offlineTrading } from "../support/offline-trading.js";

type Body = Record<string, any>;

/**
 * The documented history and performance examples are real: replaying the firing schedule written in
 * trading-examples.ts (offline, with the clock set back) gives them again, apart from the random ids.
 */
describe.skipIf(!SHARED_PRESENT)("the documented signal-log examples", () => {
  const clock = new FakeClock(0);
  let close = async () => {};
  afterAll(() => close());

  it("are what the log answers after the documented firing schedule and a scoring run", async () => {
    const { handle, jobs, close: closeTrading } = await offlineTrading(DAILY_DATASET_DIR, clock);
    close = closeTrading;
    const at = (iso: string) => clock.advance(Date.parse(iso) - clock.nowMs());
    for (const day of ["2024-06-03", "2024-07-01", "2024-08-01", "2024-09-03", "2024-10-01"]) {
      at(`${day}T00:00:00.000Z`);
      for (const ticker of ["SPY", "QQQ", "BTC-USD"]) await handle("/trading/signal", { ticker });
    }
    at("2026-11-23T12:00:00.000Z");
    await jobs.runNow(SIGNAL_SCORING_JOB);

    const withoutIds = (body: Body) => ({ ...body, next_cursor: typeof body.next_cursor, signals: body.signals.map(({ id: _id, ...s }: Body) => s) });
    const history = await handle("/trading/signals/history", SIGNALS_HISTORY_EXAMPLE.params);
    expect(withoutIds(history)).toEqual(withoutIds(SIGNALS_HISTORY_EXAMPLE.response));
    expect(await handle("/trading/performance", TRADING_PERFORMANCE_EXAMPLE.params)).toEqual(TRADING_PERFORMANCE_EXAMPLE.response);
  });
});
