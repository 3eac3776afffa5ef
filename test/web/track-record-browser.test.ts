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
    expect(rows.length).toBe(5); // the header and api_backtest, regime_detection at 7 and 30 days
    expect(rows[1]).toContain("api_backtest");
    expect(rows[1]).toMatch(/vs 80\.0%/);
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
