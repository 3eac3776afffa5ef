import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { buildMarketData } from "../../src/main/build-market-data.js";
import { buildPatterns } from "../../src/main/build-patterns.js";
import { createDatabase } from "../../src/storage/create-database.js";
import { FakeClock } from "../support/fake-clock.js";
import { mulberry32 } from "../support/seeded-rng.js";
import { describeWithShared, SHARED_DAILY_DIR } from "../support/replay-fetch.js";

const HEADER = "date,open,high,low,close,volume";
const BARS = 400;
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Business days from 2010-01-04 (no gap longer than a weekend). */
function days(count: number): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(2010, 0, 4); out.length < count; t += 86_400_000) {
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) out.push(new Date(t).toISOString().slice(0, 10));
  }
  return out;
}

function csv(closes: number[]): string {
  const dates = days(closes.length);
  return [HEADER, ...closes.map((c, i) => `${dates[i]},${c},${c},${c},${c},1000`)].join("\n");
}

describeWithShared("universe=all on an offline folder searches every file in it", () => {
  it("searches the 17 real files and the synthetic ones, finds a planted copy in another file, and reads no file at start", async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), "universe-folder-"));
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "universe-data-"));
    dirs.push(folder, dataDir);
    for (const file of readdirSync(SHARED_DAILY_DIR).filter((name) => name.endsWith(".csv"))) copyFileSync(path.join(SHARED_DAILY_DIR, file), path.join(folder, file));
    const random = mulberry32(36);
    const walk = () => {
      let price = 100;
      return Array.from({ length: BARS }, () => Number((price *= Math.exp(0.02 * (random() - 0.5))).toFixed(6)));
    };
    const source = walk();
    // SYNB holds SYNA's bars 100..159 at 300..359: the query over SYNA's window must find it there, at distance 0.
    const planted = walk();
    planted.splice(300, 60, ...source.slice(100, 160));
    writeFileSync(path.join(folder, "SYNA.csv"), csv(source));
    writeFileSync(path.join(folder, "SYNB.csv"), csv(planted));
    writeFileSync(path.join(folder, "SYNC.csv"), csv(walk()));

    const silent = pino({ level: "silent" });
    const config = loadConfig({ DATA_DIR: dataDir, MARKET_DATA_DIR: folder, PUBLIC_BASE_URL: "http://precedent.test", LOG_LEVEL: "silent" });
    const database = await createDatabase({ kind: "sqlite", file: ":memory:" });
    const clock = new FakeClock(Date.UTC(2026, 0, 5));
    const marketData = buildMarketData(config, database, clock, undefined, silent);
    const patterns = buildPatterns(marketData, clock);
    expect((await marketData.check()).message).toContain("20 files");
    // The check read each file's tail only: no file was parsed, so no binary copy exists yet.
    expect(existsSync(path.join(dataDir, "market-columns"))).toBe(false);
    try {
      const dates = days(BARS);
      const result = await patterns.service.analogs({
        ticker: "SYNA",
        timeframe: "1d",
        startMs: Date.parse(`${dates[100]}T00:00:00Z`),
        endMs: Date.parse(`${dates[160]}T00:00:00Z`),
        k: 3,
        metric: "l2",
        wrap: false,
        universe: "all",
      });
      const report = result.universe!;
      expect(report.list).toEqual({ source: "folder", version: expect.stringMatching(/^folder-20-/), count: 20 });
      expect(report.searched).toHaveLength(20);
      expect(report.searched).toEqual(expect.arrayContaining(["SYNA", "SYNB", "SYNC", "AAPL", "GC=F", "^TNX", "^VIX"]));
      expect(report.kinds[report.searched.indexOf("^TNX")]).toBe("rate");
      expect(report.kinds[report.searched.indexOf("^VIX")]).toBe("volatility");
      expect(report.kinds[report.searched.indexOf("SYNB")]).toBe("price");
      expect([report.notStored, report.skipped]).toEqual([[], []]);
      const best = result.analogs[0]!;
      expect([best.series?.ticker, best.indices[0], best.distance]).toEqual(["SYNB", 300, expect.closeTo(0, 6)]);
      // Every file was read on use and kept as a binary copy for the next start.
      expect(readdirSync(path.join(dataDir, "market-columns")).filter((name) => name.endsWith(".columns")).length).toBeGreaterThanOrEqual(19);
    } finally {
      await patterns.close();
      await database.close();
    }
  });
});
