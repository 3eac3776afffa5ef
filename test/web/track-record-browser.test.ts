import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { chromiumAvailable, launchHeadlessChromium } from "../support/headless-browser.js";
import { loopbackService } from "../support/loopback-service.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { ARTIFACTS_DIR, buildWebPage, drawnPixels, pageProblems } from "../support/web-page.js";

/** The track record page in a real browser (Debian's chromium), over a replay of one short history. */
describe.skipIf(!SHARED_PRESENT || !chromiumAvailable())("/track-record in headless chromium", () => {
  const server = loopbackService({ importRecordings: false });
  let browser: Browser;
  beforeAll(async () => {
    buildWebPage();
    const { trackRecord } = server.service();
    const silent = pino({ level: "silent" });
    await trackRecord.replay.run({ budgetMs: 600_000, nowMs: () => Date.now(), logger: silent, tickers: ["SOL-USD"] });
    await trackRecord.scorer.scoreDue(Date.now(), silent);
    browser = await launchHeadlessChromium();
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("shows the replayed record in tables, the coverage chart and the calibration diagram, with no error", async () => {
    const page = await browser.newPage();
    const problems = pageProblems(page, []);
    const response = await page.goto(`${server.base()}/track-record`);
    expect(response?.status()).toBe(200);
    await page.waitForFunction(`document.querySelectorAll("#replay-table tr").length > 1`);
    const rows = await page.locator("#replay-table tr").allTextContents();
    // The header and every replayed route at each of its horizons (a coin: not /macro_analog, the equity index's).
    expect(rows.length).toBe(14);
    expect(rows[1]).toContain("api_backtest");
    expect(rows[1]).toMatch(/vs 80\.0%/);
    for (const route of ["forward_distribution", "get_patterns", "pattern_backtest", "playbook", "position_size", "regime_detection", "trading_signal"]) {
      expect(rows.some((row) => row.startsWith(route)), route).toBe(true);
    }
    // Every replayed route with its defaults and decision dates, /macro_analog included.
    const routes = await page.locator("#replay-routes tr").allTextContents();
    expect(routes.length).toBe(10);
    expect(routes.some((row) => row.startsWith("macro_analog") && row.includes("lookback_days=20"))).toBe(true);
    expect(await page.locator("#replay-label").textContent()).toMatch(/^REPLAY/);
    expect(await page.locator("#live-summary").textContent()).toBe("No forecast has been sold on this node yet.");
    await page.waitForLoadState("networkidle");
    expect(await drawnPixels(page, "#coverage-chart")).toBeGreaterThan(50);
    expect(await drawnPixels(page, "#calibration-chart")).toBeGreaterThan(20);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, "track-record.png"), fullPage: true });
    expect(problems).toEqual([]);
    // Linked from the page at `/`.
    await page.goto(`${server.base()}/`);
    expect(await page.locator('a[href="/track-record"]').count()).toBeGreaterThanOrEqual(1);
    await page.close();
  }, 120_000);
});
