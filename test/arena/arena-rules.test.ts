import { describe, expect, it } from "vitest";
import { nextDeadlineMs, outcomeOf, seasonOf, settlementCandleOpenMs } from "../../src/domain/arena-rules.js";

const t = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe("arena schedule and outcome rules", () => {
  it("opens for the next full hour whose lock (15 min before) is at least 10 minutes away", () => {
    expect(iso(nextDeadlineMs(t("2026-11-23T11:50:00Z")))).toBe("2026-11-23T13:00:00.000Z"); // 12:00 locks at 11:45: gone
    expect(iso(nextDeadlineMs(t("2026-11-23T11:30:00Z")))).toBe("2026-11-23T12:00:00.000Z"); // 15 minutes before its lock
    expect(iso(nextDeadlineMs(t("2026-11-23T11:36:00Z")))).toBe("2026-11-23T13:00:00.000Z"); // 9 minutes: too short
    expect(iso(nextDeadlineMs(t("2026-11-23T23:46:00Z")))).toBe("2026-11-24T01:00:00.000Z");
  });

  it("settles on the candle opening at the deadline minute; equal is NO", () => {
    expect(iso(settlementCandleOpenMs(t("2026-11-23T13:00:00Z")))).toBe("2026-11-23T13:00:00.000Z");
    expect(iso(settlementCandleOpenMs(t("2026-11-23T13:00:42.5Z")))).toBe("2026-11-23T13:00:00.000Z");
    expect([outcomeOf(0.001575, 0.001565), outcomeOf(0.001565, 0.001565), outcomeOf(0.00153, 0.001565)]).toEqual([1, 0, 0]);
  });

  it("seasons are UTC calendar months", () => {
    const s = seasonOf(t("2026-12-31T23:59:59Z"));
    expect([s.id, iso(s.startsAtMs), iso(s.endsAtMs)]).toEqual(["2026-12", "2026-12-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"]);
  });
});
