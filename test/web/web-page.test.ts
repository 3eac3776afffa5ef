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
    expect(await page.locator("#tickers option").count()).toBe(17);

    await page.fill("#ticker", "AAPL");
    await page.click("#load-chart");
    await page.waitForSelector("#price-chart:not([hidden]) canvas", { timeout: SEARCH_TIMEOUT_MS });
    await expect.poll(() => drawnPixels(page, "#price-chart")).toBeGreaterThan(100);
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

    // get_price_history for the chart (whole history, so the analogs' forward paths need no other), get_patterns,
    // forward_distribution: every one priced, settled and signed.
    const calls = page.locator("#call-list li");
    expect(await calls.count()).toBe(3);
    expect(await calls.last().textContent()).toMatch(/^\/get_price_history: HTTP 200 · price \$0\.005 · /);
    expect(await page.locator('#call-list li[data-receipt="settled"]').count()).toBe(3);
    expect(await page.locator('#call-list li[data-signature="valid"]').count()).toBe(3);
    expect(await calls.first().textContent()).toMatch(/\/forward_distribution: HTTP 200 · price \$0\.05 · receipt: settled on eip155:8453 from 0x[0-9a-fA-F]{40}, transaction 0x[0-9a-f]{64} · signature verified/);

    // A row's link opens that analog's own price chart.
    await page.click("#analogs tbody tr:first-child a");
    await page.waitForSelector("#analog-view:not([hidden])");
    await expect.poll(() => drawnPixels(page, "#analog-chart")).toBeGreaterThan(100);

    await page.screenshot({ path: path.join(ARTIFACTS_DIR, "web-page-desktop.png"), fullPage: true });
    expect(problems).toEqual([]);
    await page.close();
  });

  it("works on a phone-sized screen from the keyboard, shows progress over every series and the service's error message", async () => {
    // 402 challenges, and the 422 this test provokes on purpose.
    const { page, problems } = await open({ width: 390, height: 844 }, [402, 422]);
    // Keyboard: every control of the form is reached with Tab (a date field is three stops: day, month, year).
    const reached: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      reached.push(await page.evaluate("document.activeElement?.id || document.activeElement?.getAttribute('value') || ''"));
    }
    for (const id of ["ticker", "load-chart", "start", "end", "k", "metric", "self", "run"]) expect(reached).toContain(id);

    // An error is the service's own message (a window of under 5 bars), and nothing is charged for it.
    await page.fill("#start", "2024-10-01");
    await page.fill("#end", "2024-10-03");
    await page.click("#run");
    await page.waitForSelector("#error:not([hidden])", { timeout: SEARCH_TIMEOUT_MS });
    expect(await page.textContent("#error")).toMatch(/^\/get_patterns: .*at least 5/);

    await page.fill("#end", "2024-11-01");
    await page.check('input[name="universe"][value="all"]');
    await page.click("#run");
    await page.waitForSelector("#progress:not([hidden])");
    expect(await page.textContent("#progress-text")).toContain("every listed series");
    await page.waitForSelector("#results:not([hidden])", { timeout: SEARCH_TIMEOUT_MS });
    expect(await page.locator("#analogs tbody tr").count()).toBe(K);
    expect(await page.textContent("#results-summary")).toContain("searched in");
    await expect.poll(() => drawnPixels(page, "#fan-chart")).toBeGreaterThan(50);
    // Nothing wider than the screen: no sideways scrolling of the page (the table scrolls inside its own box).
    expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);

    await page.screenshot({ path: path.join(ARTIFACTS_DIR, "web-page-phone.png"), fullPage: true });
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
