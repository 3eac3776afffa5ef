import { describe, expect, it } from "vitest";
import { AppError } from "../../../domain/app-error.js";
import { chartToBars } from "./chart-bars.js";

const ms = (iso: string) => Date.parse(iso);
const row = (iso: string, close: number | null, volume: number | null = 1) => ({
  date: new Date(iso),
  open: 1,
  high: 2,
  low: 0.5,
  close,
  volume,
});

describe("chartToBars", () => {
  it("dates a Sydney session by its local day even though it opens the previous UTC day", () => {
    const raw = { meta: { exchangeTimezoneName: "Australia/Sydney" }, quotes: [row("2025-02-02T23:00:00Z", 1.5)] };
    const bars = chartToBars(raw, "1d", ms("2025-02-03T00:00:00Z"), ms("2025-02-04T00:00:00Z"), "BHP.AX");
    expect(bars.map((b) => new Date(b.tsMs).toISOString())).toEqual(["2025-02-03T00:00:00.000Z"]);
  });

  it("keeps the later row when Yahoo appends a live row on the same date", () => {
    const raw = {
      meta: { exchangeTimezoneName: "America/New_York" },
      quotes: [row("2025-02-14T14:30:00Z", 10), row("2025-02-14T20:59:00Z", 11)],
    };
    const bars = chartToBars(raw, "1d", ms("2025-02-14T00:00:00Z"), ms("2025-02-15T00:00:00Z"), "AAPL");
    expect(bars).toHaveLength(1);
    expect(bars[0]?.close).toBe(11);
  });

  it("drops rows with any missing price and keeps a missing volume as null", () => {
    const raw = {
      meta: { exchangeTimezoneName: "UTC" },
      quotes: [row("2025-02-01T00:00:00Z", null), { ...row("2025-02-02T00:00:00Z", 3, null), high: null }, row("2025-02-03T00:00:00Z", 4, null)],
    };
    const bars = chartToBars(raw, "1d", ms("2025-02-01T00:00:00Z"), ms("2025-02-04T00:00:00Z"), "BTC");
    expect(bars).toEqual([{ tsMs: ms("2025-02-03T00:00:00Z"), open: 1, high: 2, low: 0.5, close: 4, volume: null }]);
  });

  it("reports missing mapped fields and unknown time zones as UPSTREAM_SCHEMA_CHANGED", () => {
    for (const raw of [{ quotes: [] }, { meta: { exchangeTimezoneName: "Mars/Olympus" }, quotes: [row("2025-02-01T00:00:00Z", 1)] }]) {
      try {
        chartToBars(raw, "1d", 0, Number.MAX_SAFE_INTEGER, "X");
        expect.unreachable();
      } catch (error) {
        expect((error as AppError).code).toBe("UPSTREAM_SCHEMA_CHANGED");
      }
    }
  });
});
