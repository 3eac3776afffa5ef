import { expect, it } from "vitest";
import type { ProbeReport } from "../../src/domain/probe-report.js";
import { ProbeResults } from "../../src/storage/repos/probe-results.js";
import { describeOnEachDatabase } from "../support/test-databases.js";

const T0 = Date.parse("2026-11-20T12:00:00.000Z");

const report = (origin: string, probedAtMs: number, grade: ProbeReport["grade"]): ProbeReport => ({
  origin,
  probedAtMs,
  grade,
  resource: `${origin}/quote`,
  checks: [
    { id: "reach", status: "pass", evidence: "answered 200", fix: null },
    { id: "cache", status: grade === "A" ? "pass" : "warn", evidence: "Cache-Control: no-store", fix: grade === "A" ? null : "send no-store" },
  ],
  listings: [{ index: "cdp_bazaar", mirrored: false, mirroredAtMs: null, note: "index not mirrored", resources: [] }],
  timings: { totalMs: 120, requests: [{ check: "reach", method: "GET", path: "/.well-known/x402", status: 200, ms: 12 }] },
});

describeOnEachDatabase("probe results", (open) => {
  it("latestFor returns the newest probe of an origin inside the window, whole; recent lists a window oldest first", async () => {
    const results = new ProbeResults((await open()).db);
    const a = "https://a.example";
    await results.record(report(a, T0, "B"));
    await results.record(report(a, T0 + 60_000, "A"));
    await results.record(report("https://b.example", T0 + 30_000, "F"));

    expect(await results.latestFor(a, T0)).toEqual(report(a, T0 + 60_000, "A"));
    expect(await results.latestFor(a, T0 + 60_001)).toBeUndefined();
    expect(await results.latestFor("https://c.example", 0)).toBeUndefined();

    const recent = await results.recent(T0 + 1);
    expect(recent.map((r) => [r.origin, r.probedAtMs, r.grade])).toEqual([
      ["https://b.example", T0 + 30_000, "F"],
      [a, T0 + 60_000, "A"],
    ]);
    expect(recent[1].checks).toEqual(report(a, T0 + 60_000, "A").checks);
  });
});
