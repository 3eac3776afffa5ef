import { describe, expect, it } from "vitest";
import { signalsLiveContract } from "../../src/contracts/trading/signals-live.js";
import { EXAMPLE_NOW_MS } from "../../scripts/examples/example-deployments.js";
import { FakeClock } from "../support/fake-clock.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

type Body = Record<string, any>;
const ids = (body: Body) => body.signals.map((s: Body) => s.signal?.id ?? null);
/** The example without what differs on every firing: the ids. */
const withoutIds = (body: Body) => ({ ...body, signals: body.signals.map((s: Body) => ({ ...s, signal: s.signal && { ...s.signal, id: "" } })) });

describe.skipIf(!SHARED_PRESENT)("/api/signals/live on the daily dataset", () => {
  const clock = new FakeClock(EXAMPLE_NOW_MS);
  const harness = paidRoutes({ clock });
  const { call } = harness;

  it("fires and logs a signal per asset, reuses it within the TTL, fires anew after it, and itemizes unknown assets", async () => {
    const first = (await call("/api/signals/live?assets=AAPL,btc,NOPE")).body;
    expect(withoutIds(first)).toEqual(withoutIds(signalsLiveContract.example.response));
    expect(first.signals.map((s: Body) => s.status)).toEqual(["fresh", "fresh", "unknown_ticker"]);
    // The fresh signals are in the public log at once, exactly as answered.
    const history = (await call("/trading/signals/history")).body;
    expect(history.signals.map((s: Body) => s.id).sort()).toEqual(ids(first).slice(0, 2).sort());
    for (const item of first.signals.slice(0, 2)) expect(history.signals).toContainEqual(item.signal);

    clock.advance(10 * 60_000);
    const second = (await call("/api/signals/live?assets=AAPL,BTC")).body;
    expect(second.signals.map((s: Body) => [s.status, s.age_seconds])).toEqual([["reused", 600], ["reused", 600]]);
    expect(ids(second)).toEqual(ids(first).slice(0, 2));

    // /trading/signal with the same as-of date and horizon answers the signal already logged: one per as-of date.
    const single = (await call("/trading/signal?ticker=AAPL")).body;
    expect(single.signal_id).toBe(ids(first)[0]);
    expect(ids((await call("/api/signals/live?assets=AAPL")).body)).toEqual([single.signal_id]);
    // Past the TTL the rules run again; the bars have not moved, so the logged signal comes back, with its age.
    clock.advance(16 * 60_000);
    const third = (await call("/api/signals/live?assets=AAPL")).body;
    expect([third.signals[0].status, third.signals[0].age_seconds]).toEqual(["reused", 26 * 60]);
    expect(ids(third)).toEqual([single.signal_id]);
    // Another horizon is another signal.
    expect((await call("/api/signals/live?assets=AAPL&horizon_days=20")).body.signals[0].status).toBe("fresh");
  });

  it("answers 404 uncharged when no asset is known, and 422 for a bad list or horizon", async () => {
    const before = await harness.payer().balance();
    const { status, body } = await call("/api/signals/live?assets=NOPE,NADA");
    expect([status, body.error.code]).toEqual([404, "UNKNOWN_TICKER"]);
    expect(await harness.payer().balance()).toBe(before);
    const tooMany = Array.from({ length: 26 }, (_, i) => `T${i}`).join(",");
    await expectValidationFailures(harness, [
      ["/api/signals/live", "assets"],
      [`/api/signals/live?assets=${tooMany}`, "assets"],
      ["/api/signals/live?assets=AAPL&horizon_days=0", "horizon_days"],
    ]);
  });
});
