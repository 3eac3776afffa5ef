import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/**
 * Debian's chromium, driven by playwright-core (browser downloads are impossible on these machines; `.ci/run`
 * installs the package when it is missing). `CHROMIUM_PATH` overrides the location.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/** A headless chromium that never reaches the network except the loopback service under test. */
export async function launchHeadlessChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    // The CI container runs as root without a user namespace sandbox.
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
}
