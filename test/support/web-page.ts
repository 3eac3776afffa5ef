import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { REPO_ROOT } from "./shared-paths.js";

/** Where browser tests write their screenshots (git-ignored; CI keeps the folder as an artifact). */
export const ARTIFACTS_DIR = path.join(REPO_ROOT, "test-artifacts");

const WEB_DIR = path.join(REPO_ROOT, "web");
const BUNDLE = path.join(REPO_ROOT, "build", "web", "app.js");

function newestMtimeMs(dir: string): number {
  return Math.max(
    ...fs.readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? newestMtimeMs(full) : fs.statSync(full).mtimeMs;
    }),
  );
}

/**
 * The page as `npm run build` leaves it in build/web/, rebuilt here first when web/ is newer than the bundle
 * (an edit since the last build), so the suites always test the current web/ code.
 */
export function buildWebPage(): void {
  const stale = !fs.existsSync(BUNDLE) || newestMtimeMs(WEB_DIR) > fs.statSync(BUNDLE).mtimeMs;
  if (stale) execFileSync(process.execPath, [path.join(REPO_ROOT, "scripts", "build-web.mjs")], { stdio: "inherit" });
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
}

/**
 * Every console error or warning, uncaught exception and CSP violation the page produces, for a test to assert
 * none. Chromium also logs each HTTP error status a fetch receives; of those only the ones listed are expected:
 * by default 402, the x402 challenge every paid call starts with (the protocol, not a fault of the page).
 */
export function pageProblems(page: Page, expectedStatuses: readonly number[] = [402]): string[] {
  const problems: string[] = [];
  const expected = new RegExp(`^Failed to load resource: the server responded with a status of (${expectedStatuses.join("|")}) `);
  page.on("console", (message) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    if (!expected.test(message.text())) problems.push(`console.${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught: ${error.message}`));
  return problems;
}

/**
 * How many sampled pixels of the largest canvas under `selector` (a chart's main pane) differ clearly from its
 * background: 0 means nothing was drawn but the grid.
 */
export async function drawnPixels(page: Page, selector: string): Promise<number> {
  // Runs in the page (a string, as this project's TypeScript has no DOM types).
  return page.evaluate(`(() => {
    const canvases = [...document.querySelectorAll(${JSON.stringify(`${selector} canvas`)})];
    const pane = canvases.sort((a, b) => b.width * b.height - a.width * a.height)[0];
    const context = pane?.getContext("2d");
    if (!pane || !context || pane.width === 0) return 0;
    const data = context.getImageData(0, 0, pane.width, pane.height).data;
    const [r, g, b] = [data[0], data[1], data[2]];
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4 * 5) {
      if (Math.abs(data[i] - r) + Math.abs(data[i + 1] - g) + Math.abs(data[i + 2] - b) > 120) drawn++;
    }
    return drawn;
  })()`);
}
