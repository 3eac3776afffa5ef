import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, CHROMIUM_PATH, launchHeadlessChromium } from "../support/headless-browser.js";
import { loopbackService } from "../support/loopback-service.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { ARTIFACTS_DIR, buildWebPage, drawnPixels, pageProblems } from "../support/web-page.js";

const K = 5;
const SEARCH_TIMEOUT_MS = 180_000;
const PAID_ROUTES = /\/(get_patterns|get_price_history|forward_distribution)\?/;

/** Every request the page sends to a paid route (a 402 quote or a paid retry alike). */
function countPaidRequests(page: Page): string[] {
  const paid: string[] = [];
  page.on("request", (request) => {
    if (PAID_ROUTES.test(request.url())) paid.push(new URL(request.url()).pathname);
  });
  return paid;
}

if (!chromiumAvailable()) console.warn(`web page suite skipped: no chromium at ${CHROMIUM_PATH} (.ci/run installs it)`);

/**
 * The page at `/` in Debian's chromium against the real service in embedded mode (test money, the offline
 * daily dataset), on a loopback socket: the page creates its own test wallet, funds it from /dev/faucet and
 * pays every call with the stock x402 browser client.
 */
describe.skipIf(!SHARED_PRESENT || !chromiumAvailable())("the page at /", () => {
  const service = loopbackService();
  let browser: Browser;

  beforeAll(async () => {
    buildWebPage();
    browser = await launchHeadlessChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(viewport: { width: number; height: number }, expectedStatuses?: number[]): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage({ viewport });
    const problems = pageProblems(page, expectedStatuses);
    await page.goto(`${service.base()}/`);
    await expect.poll(() => page.textContent("#wallet-status"), { timeout: 60_000 }).toContain("TEST MONEY");
    return { page, problems };
  }

  async function searchAndWait(page: Page): Promise<void> {
    await page.click("#run");
    await page.waitForSelector("#results:not([hidden])", { timeout: SEARCH_TIMEOUT_MS });
    const error = await page.locator("#error:not([hidden])").count();
    expect(error === 0 ? "" : await page.textContent("#error")).toBe("");
  }

  it("searches a dragged window, pays for every call, draws the charts and lists k analogs with receipts and verified signatures", async () => {
    const { page, problems } = await open({ width: 1280, height: 1000 });

    await page.fill("#ticker", "AAPL");
    // The cost shows before anything is paid, from the prices /openapi.json publishes.
    await expect.poll(() => page.textContent("#cost")).toBe("This search: 3 calls, $0.105.");
    await page.click("#load-chart");
    await page.waitForSelector("#price-chart:not([hidden]) canvas", { timeout: SEARCH_TIMEOUT_MS });
    await expect.poll(() => drawnPixels(page, "#price-chart")).toBeGreaterThan(100);
    // The history the chart bought is reused by the search: one call fewer.
    await expect.poll(() => page.textContent("#cost")).toBe("This search: 2 calls, $0.10.");
    // Typed dates move the shaded window.
    const shadeLeft = () => page.evaluate("document.querySelector('#price-chart .selection').style.left");
    const shadedAt = await shadeLeft();
    await page.fill("#start", "2024-09-03");
    await expect.poll(shadeLeft).not.toBe(shadedAt);
    // Drag across the chart: the window's dates follow the selection.
    const before = await page.inputValue("#start");
    const box = (await page.locator("#price-chart").boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.55, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.62, box.y + box.height / 2, { steps: 5 });
    await page.mouse.up();
    const [start, end] = [await page.inputValue("#start"), await page.inputValue("#end")];
    expect(start).not.toBe(before);
    expect(start < end).toBe(true);

    await page.fill("#k", String(K));
    await searchAndWait(page);
    for (const chart of ["#overlay-chart", "#fan-chart", "#histogram-chart"]) {
      await expect.poll(() => drawnPixels(page, chart), { message: chart }).toBeGreaterThan(100);
    }
    expect(await page.locator("#analogs tbody tr").count()).toBe(K);
    expect(await page.textContent("#distribution-caption")).toMatch(/^n = \d+ outcomes/);
    // The search's 5 analogs and the distribution's 10 are not one set: the page says why.
    expect(await page.textContent("#distribution-caption")).toContain("the distribution needs at least 10 analogs, the search asked for 5");

    // The plain reading first, from the API's evidence: the baseline, the excess and its interval, and a verdict.
    const reading = (await page.textContent("#reading")) ?? "";
    expect(reading).toMatch(/^Of the 10 closest past windows of AAPL, \d+ rose over the next 30 days \([+-]\d+\.\d\d% on average\)\. On any 30 days AAPL rose \d+% of the time, by [+-]\d+\.\d\d% on average \(the baseline\)\./);
    expect(reading).toMatch(/The difference is (within noise|more than noise at the 90% level): the analogs' [+-]\d+\.\d\d% over the baseline \(90% interval [+-]\d+\.\d\d% to [+-]\d+\.\d\d%\)/);
    const evidence = await page.locator("#evidence dt").allTextContents();
    expect(evidence).toEqual(expect.arrayContaining(["Baseline (any window)", "Excess over baseline", "90% interval of that mean"]));
    expect(await page.locator("#evidence dd").nth(evidence.indexOf("Excess over baseline")).textContent()).toMatch(/^[+-]\d+\.\d\d%, 90% interval [+-]\d+\.\d\d% to [+-]\d+\.\d\d%$/);
    expect(await page.getAttribute('#results a[href="#how-to-read"]', "href")).toBe("#how-to-read");
    // The track record beside the results (the free record; no forecast scored on this fresh node).
    await expect.poll(() => page.textContent("#track-record-note")).not.toContain("Loading");
    expect(await page.textContent("#track-record-note")).toMatch(/P10–P90 range held what happened|No scored forecast of this kind yet/);

    // Hovering a row highlights it and its line on the charts; leaving restores both.
    await page.hover("#analogs tbody tr:nth-child(2)");
    expect(await page.getAttribute("#analogs tbody tr:nth-child(2)", "class")).toBe("highlight");
    expect(await page.getAttribute("#results", "data-highlight")).toBe("2");
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, "web-page-hover.png"), fullPage: true });
    await page.hover("#results-title");
    expect(await page.getAttribute("#results", "data-highlight")).toBe("");
    expect(await page.locator("#analogs tbody tr.highlight").count()).toBe(0);

    // get_price_history for the chart (whole history, so the analogs' forward paths need no other), get_patterns,
    // forward_distribution: every one priced, settled and signed.
    const calls = page.locator("#call-list li");
    expect(await calls.count()).toBe(3);
    expect(await calls.last().textContent()).toMatch(/^\/get_price_history: HTTP 200 · price \$0\.005 · /);
    expect(await page.locator('#call-list li[data-receipt="settled"]').count()).toBe(3);
    expect(await page.locator('#call-list li[data-signature="valid"]').count()).toBe(3);
    expect(await calls.first().textContent()).toMatch(/\/forward_distribution: HTTP 200 · price \$0\.05 · receipt: settled on eip155:8453 from 0x[0-9a-fA-F]{40}, transaction 0x[0-9a-f]{64} · signature verified/);

    // Hovering a line of the query-and-analogs chart highlights its row: scan across the chart until one is hit.
    await page.locator("#overlay-chart").scrollIntoViewIfNeeded();
    const overlay = (await page.locator("#overlay-chart").boundingBox())!;
    let rowLit = false;
    for (const x of [0.5, 0.7]) {
      for (let y = 5; y < overlay.height - 30 && !rowLit; y += 3) {
        await page.mouse.move(overlay.x + overlay.width * x, overlay.y + y);
        rowLit = (await page.locator("#analogs tbody tr.highlight").count()) === 1;
      }
    }
    expect(rowLit).toBe(true);

    // A row's link opens that analog's own price chart.
    await page.click("#analogs tbody tr:first-child a");
    await page.waitForSelector("#analog-view:not([hidden])");
    await expect.poll(() => drawnPixels(page, "#analog-chart")).toBeGreaterThan(100);

    await page.screenshot({ path: path.join(ARTIFACTS_DIR, "web-page-desktop.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("works on a phone-sized screen from the keyboard, refuses a bad form before any paid call, shows progress over every series and scrolls to the results", async () => {
    const { page, problems } = await open({ width: 390, height: 844 });
    const paid = countPaidRequests(page);
    // Keyboard: every control of the form is reached with Tab (a date field is three stops: day, month, year).
    const reached: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      reached.push(await page.evaluate("document.activeElement?.id || document.activeElement?.getAttribute('value') || ''"));
    }
    for (const id of ["ticker", "load-chart", "start", "end", "k", "metric", "self", "run"]) expect(reached).toContain(id);

    // Reversed dates, a window under 5 bars, an empty ticker: the page says so itself, and no paid route is called
    // (no 402 quote, nothing for a wallet to sign).
    await page.fill("#start", "2024-11-01");
    await page.fill("#end", "2024-10-01");
    expect(await page.textContent("#cost")).toContain("Nothing to pay until the form is complete");
    await page.click("#run");
    await page.waitForSelector("#error:not([hidden])");
    expect(await page.textContent("#error")).toBe("The start must be before the end (the end date is exclusive).");
    expect(await page.getAttribute("#start", "aria-invalid")).toBe("true");
    await page.fill("#start", "2024-10-01");
    await page.fill("#end", "2024-10-03");
    await page.click("#run");
    expect(await page.textContent("#error")).toBe("The window holds 2 daily bars; a search needs at least 5.");
    await page.fill("#ticker", "");
    await page.click("#run");
    expect(await page.textContent("#error")).toBe("Type a ticker (for example AAPL or SPY).");
    await page.fill("#ticker", "AAPL");
    expect(paid).toEqual([]);

    await page.fill("#end", "2024-11-01");
    await page.fill("#k", String(K));
    await page.check('input[name="universe"][value="all"]');
    expect(await page.textContent("#cost")).toBe("This search: 3 to 8 calls, $0.105 to $0.13.");
    await page.click("#run");
    await page.waitForSelector("#progress:not([hidden])");
    expect(await page.textContent("#progress-text")).toContain("every listed series");
    await page.waitForSelector("#results:not([hidden])", { timeout: SEARCH_TIMEOUT_MS });
    expect(await page.locator("#analogs tbody tr").count()).toBe(K);
    // On a phone the page scrolls down to the results.
    await expect.poll(() => page.evaluate("document.getElementById('results').getBoundingClientRect().top")).toBeLessThan(100);
    expect(await page.evaluate("window.scrollY")).toBeGreaterThan(500);
    expect(await page.textContent("#results-summary")).toContain("searched in");
    await expect.poll(() => drawnPixels(page, "#fan-chart")).toBeGreaterThan(50);
    // Nothing wider than the screen: no sideways scrolling of the page (the table scrolls inside its own box).
    expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);

    await page.screenshot({ path: path.join(ARTIFACTS_DIR, "web-page-phone.png"), fullPage: true });

    // An error clears the results of the search before: none stay on show under a form they do not match.
    const paidBefore = paid.length;
    await page.fill("#end", "2024-09-01");
    await page.click("#run");
    await page.waitForSelector("#error:not([hidden])");
    expect(await page.locator("#results").isHidden()).toBe(true);
    expect(paid).toHaveLength(paidBefore);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("pays from an injected EIP-1193 wallet after showing each call's price; a declined payment is not made", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const problems = pageProblems(page);
    // A browser wallet as an extension provides it (window.ethereum), signing with a key held by the test.
    const signed: string[] = [];
    await page.exposeFunction("testWalletRequest", async (method: string, params: unknown[]) => {
      if (method === "eth_requestAccounts" || method === "eth_accounts") return [account.address];
      if (method === "wallet_switchEthereumChain") return null;
      if (method === "eth_signTypedData_v4") {
        const typed = JSON.parse(params[1] as string);
        signed.push(typed.primaryType);
        return account.signTypedData(typed);
      }
      throw new Error(`unexpected wallet request ${method}`);
    });
    await page.addInitScript("window.ethereum = { request: ({ method, params }) => window.testWalletRequest(method, params ?? []) };");
    await page.goto(`${service.base()}/`);
    await expect.poll(() => page.textContent("#wallet-status"), { timeout: 60_000 }).toContain("TEST MONEY");
    await page.click("#connect");
    await expect.poll(() => page.textContent("#wallet-status")).toContain(`Browser wallet ${account.address.slice(0, 6)}`);

    await page.fill("#start", "2023-03-01");
    await page.fill("#end", "2023-04-01");
    await page.click("#run");
    const prices: string[] = [];
    for (let call = 0; call < 3; call++) {
      await page.waitForSelector("#approve[open]", { timeout: SEARCH_TIMEOUT_MS });
      prices.push((await page.textContent("#approve-text")) ?? "");
      await page.click("#approve-pay");
    }
    await page.waitForSelector("#results:not([hidden])", { timeout: SEARCH_TIMEOUT_MS });
    expect(prices.map((p) => p.split(" in ")[0])).toEqual(["/get_patterns costs $0.05", "/get_price_history costs $0.005", "/forward_distribution costs $0.05"]);
    expect(prices[0]).toContain("in test USDC (worthless)");
    expect(signed).toEqual(["TransferWithAuthorization", "TransferWithAuthorization", "TransferWithAuthorization"]);
    expect(await page.locator('#call-list li[data-receipt="settled"][data-signature="valid"]').count()).toBe(3);

    await page.click("#run");
    await page.waitForSelector("#approve[open]", { timeout: SEARCH_TIMEOUT_MS });
    await page.click("#approve-decline");
    await page.waitForSelector("#error:not([hidden])");
    expect(await page.textContent("#error")).toContain("declined");
    expect(signed).toHaveLength(3);
    expect(await page.locator('#call-list li[data-receipt="settled"]').count()).toBe(3);
    expect(problems).toEqual([]);
    await page.close();
  });
});
