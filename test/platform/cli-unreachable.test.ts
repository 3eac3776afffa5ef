import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { nodeArgsFor } from "../support/entry-point.js";
import { REPO_ROOT } from "../support/shared-paths.js";

/*
 * Issue 34, point 9: `npm run call` against a stopped server printed only "fetch failed". It prints one line naming
 * the URL and that nothing is listening there, and exits non-zero.
 */

/** A loopback port nothing listens on: bound by the OS, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("the CLI against a stopped server", () => {
  it("prints one line naming the URL and that nothing is listening, and exits non-zero", async () => {
    const base = `http://127.0.0.1:${await closedPort()}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-cli-"));
    try {
      const result = await promisify(execFile)(process.execPath, [...nodeArgsFor("src/main/cli.ts"), "/get_latest_price", "ticker=AAPL", `--base=${base}`], {
        cwd: REPO_ROOT,
        env: { ...process.env, WALLET_PRIVATE_KEY: "", DATA_DIR: dataDir },
        timeout: 60_000,
      }).then(
        () => ({ code: 0, stdout: "", stderr: "" }),
        (error: { code?: number; stdout?: string; stderr?: string }) => ({ code: error.code ?? 0, stdout: error.stdout ?? "", stderr: error.stderr ?? "" }),
      );
      expect(result.code).not.toBe(0);
      expect(result.stdout).toBe("");
      const lines = result.stderr.trim().split("\n");
      expect(lines).toEqual([expect.stringContaining(`cannot reach ${base}: nothing is listening there`)]);
      expect(lines[0]).toContain("ECONNREFUSED");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
