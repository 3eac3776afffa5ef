import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { chromiumAvailable, launchHeadlessChromium } from "../support/headless-browser.js";
import { FakeClock } from "../support/fake-clock.js";
import { loopbackService } from "../support/loopback-service.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { NOW_MS, syntheticLog, writeSyntheticLog } from "./synthetic-demand.js";

/** What the test reads in the page (the project's TypeScript has no DOM library). */
type BrowserWindow = { getComputedStyle(element: unknown): { fill: string } };

/** The weekly page in a real browser (Debian's chromium): its table and chart render, and nothing errs or is blocked. */
describe.skipIf(!SHARED_PRESENT || !chromiumAvailable())("/what-agents-want in headless chromium", () => {
  const server = loopbackService({ clock: new FakeClock(NOW_MS), importRecordings: false });
  let browser: Browser;
  beforeAll(async () => {
    await writeSyntheticLog(server.service().database, syntheticLog());
    browser = await launchHeadlessChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("renders the table and the SVG chart with no console error and no CSP violation", async () => {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error" || m.type() === "warning") problems.push(m.text());
    });
    page.on("pageerror", (e) => problems.push(e.message));
    page.on("requestfailed", (r) => problems.push(`failed ${r.url()}`));
    const response = await page.goto(`${server.base()}/what-agents-want`);
    expect(response?.status()).toBe(200);
    expect(await page.title()).toBe("What agents want: week of 2026-06-08 to 2026-06-14");
    const rows = await page.locator("#topics tbody tr").allTextContents();
    // The figures carry the demand reports' noise: the page shows what the JSON form of the same report says.
    const report = (await (await fetch(`${server.base()}/what-agents-want`, { headers: { accept: "application/json" } })).json()) as {
      topics: { topic: string; requests: number }[];
    };
    // The noise is seeded by each database's own salt, so which topic leads differs between fresh databases.
    expect(report.topics.length).toBeGreaterThan(0);
    expect(rows[0]).toContain(report.topics[0].topic);
    expect(rows[0]).toContain(String(report.topics[0].requests));
    expect(await page.locator("#topics-chart rect.bar-now").count()).toBe(rows.length + 1); // one bar per topic plus the legend
    const bar = await page.locator("#topics-chart rect.bar-now").nth(1).boundingBox();
    expect(bar?.width).toBeGreaterThan(100);
    // The stylesheet applied (its hash is in the CSP): the bars are filled blue.
    expect(await page.locator("#topics-chart rect.bar-now").nth(1).evaluate((el) => (globalThis as unknown as BrowserWindow).getComputedStyle(el).fill)).toBe("rgb(37, 99, 235)");
    await page.waitForLoadState("networkidle");
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);
});
