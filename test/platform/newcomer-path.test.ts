import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { generatePrivateKey } from "viem/accounts";
import { afterAll, describe, expect, it } from "vitest";
import { ARENA_OPEN_JOB, ARENA_SETTLE_JOB } from "../../src/jobs/arena-rounds.js";
import { networkJobsNotice } from "../../src/main/startup-steps.js";
import { loopbackService } from "../support/loopback-service.js";
import { REPO_ROOT, SHARED_PRESENT } from "../support/shared-paths.js";

const TSX = path.join(REPO_ROOT, "node_modules/tsx/dist/cli.mjs");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-newcomer-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs a command the way a newcomer types it; resolves with its exit code and both streams (never rejects). */
async function run(file: string, args: string[], env: Record<string, string> = {}, cwd = REPO_ROOT) {
  try {
    const { stdout, stderr } = await promisify(execFile)(file, args, {
      cwd,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", npm_config_update_notifier: "false", ...env },
      timeout: 90_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe("a newcomer's mistakes stop with one line naming what is wrong", () => {
  it("a MARKET_DATA_DIR that does not exist stops the service at start, naming the path (exit 2, no stack)", async () => {
    const missing = path.join(dataDir, "no-such-dataset");
    const { code, stderr } = await run(process.execPath, [TSX, "src/main/server.ts"], { MARKET_DATA_DIR: missing, PORT: "0" });
    expect(code).toBe(2);
    expect(stderr.trim()).toBe(
      `Invalid configuration:\n  MARKET_DATA_DIR: ${missing}: no such directory (it should hold one <TICKER>.csv per symbol, e.g. ../shared/datasets/daily; unset it for live data)`,
    );
  });

  it("npm run snapshots:import with a missing directory exits 2 with one line", async () => {
    const { code, stderr } = await run("npm", ["run", "snapshots:import", "/missing"]);
    expect([code, stderr]).toEqual([2, "/missing: no such directory\n"]);
  });

  it("npm run snapshots:import with a directory holding no recording folder exits 2 with one line", async () => {
    const empty = fs.mkdtempSync(path.join(dataDir, "empty-"));
    const { code, stderr } = await run(process.execPath, [TSX, "src/main/snapshots-import-cli.ts", empty]);
    expect(code).toBe(2);
    expect(stderr).toMatch(new RegExp(`^${empty}: no recording folder in it \\(cnn-fear-greed/, .*\\), as \\.\\./shared/fixtures has them\\n$`));
  });

  it("npm run mirrors:import with a missing or malformed file exits 2 with one line", async () => {
    const missing = await run("npm", ["run", "mirrors:import", "/missing.json"]);
    expect([missing.code, missing.stderr]).toEqual([2, "/missing.json: no such file\n"]);
    const notACrawl = path.join(dataDir, "list.json");
    fs.writeFileSync(notACrawl, "[1, 2]");
    const malformed = await run(process.execPath, [TSX, "src/main/mirrors-import-cli.ts", notACrawl]);
    expect([malformed.code, malformed.stderr]).toEqual([2, `${notACrawl}: not a JSON object (a recorded crawl is one)\n`]);
  });
});

describe.skipIf(!SHARED_PRESENT)("offline, the jobs that need the network", () => {
  const loopback = loopbackService();

  it("are listed once at start instead of scheduled to fail on every tick", async () => {
    const waiting = loopback.service().jobsWaitingForNetwork;
    expect([...waiting].sort()).toEqual([ARENA_OPEN_JOB, ARENA_SETTLE_JOB, "economic-calendar-snapshot", "earnings-calendar-backfill", "hardware-prices-snapshot", "index-mirror-cdp", "trends-snapshots"].sort());
    for (const job of waiting) await expect(loopback.service().jobs.runNow(job)).rejects.toThrow(`no job named ${job}`);
    expect(networkJobsNotice(waiting)).toMatch(/^Offline \(MARKET_DATA_DIR is set\): 7 job\(s\) need the network and are not scheduled: .*arena-open-rounds.*npm run arena:offline/);
  });

  it("the documented signature recipe (docs/cli.md) runs as written: body.json holds the signed bytes only, and they verify", async () => {
    const doc = fs.readFileSync(path.join(REPO_ROOT, "docs/cli.md"), "utf8");
    const recipe = /\*\*Checking a signature later\*\*[^]*?```sh\n([^]*?)```/.exec(doc)?.[1];
    expect(recipe).toContain("--raw > body.json");
    // In a scratch folder inside the repository: npm finds package.json upwards, the shell writes body.json here.
    const scratch = fs.mkdtempSync(path.join(REPO_ROOT, ".recipe-test-"));
    try {
      const { code, stdout, stderr } = await run("bash", ["-e", "-c", recipe!], { PRECEDENT_URL: loopback.base(), WALLET_PRIVATE_KEY: generatePrivateKey() }, scratch);
      expect(code, stderr).toBe(0);
      const body = fs.readFileSync(path.join(scratch, "body.json"), "utf8");
      expect((JSON.parse(body) as { ticker: string }).ticker).toBe("AAPL");
      expect(JSON.parse(stdout)).toMatchObject({ valid: true });
    } finally {
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  });
});
