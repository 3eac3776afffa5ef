import { describe, expect, it } from "vitest";
import { formatBarTime, formatUtcDate } from "../../src/domain/bar.js";
import { mulberry32 } from "../support/seeded-rng.js";

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe("formatUtcDate", () => {
  // One assertion over every instant's disagreement, not one expect() per instant: ~170,000 calls to expect cost
  // about 2 s of CPU, the comparisons themselves a few milliseconds.
  const disagreements = (instants: number[]) => instants.filter((ms) => formatUtcDate(ms) !== iso(ms)).map((ms) => `${ms}: ${formatUtcDate(ms)} != ${iso(ms)}`);

  it("agrees with toISOString on every day from 1899 to 2101, at midnight and just before the next one", () => {
    const instants: number[] = [];
    for (let ms = Date.UTC(1899, 0, 1); ms < Date.UTC(2101, 0, 1); ms += 86_400_000) instants.push(ms, ms + 86_399_999);
    expect(instants.length).toBe(2 * 73_779);
    expect(disagreements(instants)).toEqual([]);
  });

  it("agrees at random instants and at the edges of the arithmetic range (leap days, centuries, years 1000 and 9999)", () => {
    const uniform = mulberry32(7);
    const edges = [Date.UTC(1000, 0, 1), Date.UTC(1000, 0, 1) - 1, Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(10000, 0, 1), Date.UTC(1600, 1, 29), Date.UTC(2000, 1, 29), Date.UTC(1900, 1, 28), Date.UTC(1900, 2, 1), -1, 0];
    for (let i = 0; i < 20_000; i++) edges.push(Math.floor((uniform() - 0.5) * 2 * 8.64e15 * 0.03));
    expect(disagreements(edges)).toEqual([]);
  });

  it("is what formatBarTime gives for daily bars; intraday bars keep the time", () => {
    expect(formatBarTime(Date.UTC(2024, 1, 29), "1d")).toBe("2024-02-29");
    expect(formatBarTime(Date.UTC(2024, 1, 29, 14, 30), "30m")).toBe("2024-02-29T14:30:00Z");
  });
});
