import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { recoverMessageAddress, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isStale } from "../../scripts/build-stamp.mjs";
import { builtSearchKernels } from "../support/search-kernels.js";
import { DAILY_DATASET_DIR, REPO_ROOT } from "../support/shared-paths.js";
import { buildWebPage } from "../support/web-page.js";

/**
 * What `npm start` runs is dist/bundle/server.js (scripts/build-server-bundle.mjs), not the modules the other
 * suites import. A copy of dist/ when the build is current (none of its inputs, build scripts included, changed
 * since: the same build of the same sources), else a build, in a scratch directory inside the repository (so
 * packages resolve from its node_modules, as they do from dist/); then started and paid like a customer
 * would: the page, a quote, and a paid /screen through the stock x402 client, which needs everything the bundle
 * resolves relative to our modules (the worker bootstrap, the search workers and their .wasm, the payment thread
 * and its keccak).
 */
const SCRATCH = fs.mkdtempSync(path.join(REPO_ROOT, ".bundle-test-"));
const SCREEN = "/screen?tickers=AAPL,SPY,GOLD&start_date=2024-06-03&end_date=2024-09-03&metric=l1";

let child: ChildProcess;
let output = "";
let base = "";

function waitForLog(text: string, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no "${text}" in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const check = () => {
      if (!output.includes(text)) return;
      clearTimeout(timer);
      resolve();
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => reject(new Error(`the bundle exited with ${code}:\n${output}`)));
    check();
  });
}

beforeAll(async () => {
  builtSearchKernels();
  buildWebPage();
  // The current dist/ is copied (far cheaper than a build) so that, in the copy, the threads' one-to-one entries can
  // be removed: they then start only from their bundles, and the warm-up and the paid /screen below show that the
  // bundled search workers, encoder and payment thread work.
  if (isStale()) execFileSync(process.execPath, [path.join(REPO_ROOT, "scripts", "build-dist.mjs"), SCRATCH], { cwd: REPO_ROOT, stdio: "inherit" });
  else fs.cpSync(path.join(REPO_ROOT, "dist"), SCRATCH, { recursive: true });
  for (const entry of ["services/patterns/search-worker.js", "http/answer-encoding/answer-encoder-worker.js"]) {
    fs.rmSync(path.join(SCRATCH, "src", entry));
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-bundle-"));
  child = spawn(process.execPath, [path.join(SCRATCH, "bundle", "server.js")], {
    cwd: os.tmpdir(),
    env: { PATH: process.env.PATH, PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, MARKET_DATA_DIR: DAILY_DATASET_DIR, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await waitForLog("Precedent is listening", 60_000);
  const port = /"port":(\d+)/.exec(output)?.[1];
  base = `http://127.0.0.1:${port}`;
}, 120_000);

afterAll(() => {
  child?.kill("SIGKILL");
  fs.rmSync(SCRATCH, { recursive: true, force: true });
});

describe("the server bundle (what npm start runs)", () => {
  it("holds the packages it bundles instead of importing them from node_modules", () => {
    const entry = fs.readFileSync(path.join(SCRATCH, "bundle", "server.js"), "utf8");
    const imports = (name: string) => new RegExp(`^import\\b[^\\n]* from "${name}";|\\bimport\\("${name}"\\)`, "m");
    for (const bundled of ["viem", "kysely", "zod", "hono"]) expect(entry).not.toMatch(imports(bundled));
    // The externals stay imports (native addons, files found at run time).
    expect(entry).toMatch(imports("better-sqlite3"));
    // The search workers' and the encoder's entries are bundled beside it (the worker bootstrap starts those); the
    // payment network's thread is not (its patches of viem's dependencies must reach the copies viem loads).
    for (const worker of ["search-worker", "answer-encoder-worker"]) expect(fs.existsSync(path.join(SCRATCH, "bundle", `${worker}.js`))).toBe(true);
    expect(fs.existsSync(path.join(SCRATCH, "bundle", "payment-network-worker.js"))).toBe(false);
  });

  it("finishes its warm-up: workers, payment code, the answer encoder's thread, quotes", async () => {
    await waitForLog("warm-up done", 60_000);
    expect(output).not.toContain("warm-up failed");
    // The encoder thread's entry is found from the bundle (its import.meta.url points at dist/src).
    expect(output).toContain('"largeAnswersEncodedOn":"thread"');
  }, 70_000);

  it("says once at start which jobs wait for the network (offline), and none of them runs to fail", async () => {
    // The jobs start after the warm-up, each running once at once: offline those are database reads and the
    // forecast replay, done in well under the 3 s given here (the time the warm-up gave them when they started first).
    await waitForLog("recurring jobs started", 60_000);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(output.split("need the network and are not scheduled")).toHaveLength(2);
    expect(output).toMatch(/"jobs":\[[^\]]*"arena-open-rounds"/);
    expect(output).not.toContain("arena rounds not opened");
    expect(output).not.toContain("job failed");
  }, 70_000);

  it("serves the page from build/web and quotes a paid route", async () => {
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<html");
    const quote = await fetch(`${base}${SCREEN}`, { method: "POST" });
    expect(quote.status).toBe(402);
    expect(quote.headers.get("payment-required")).toBeTruthy();
  });

  it("answers a paid /screen on its search workers, signed, settled through the payment thread", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: account });
    const pay = wrapFetchWithPayment(fetch, client);
    const funded = await fetch(`${base}/dev/faucet?address=${account.address}&amount=1`, { method: "POST" });
    expect(funded.status).toBe(200);
    const response = await pay(`${base}${SCREEN}`, { method: "POST" });
    expect(response.status).toBe(200);
    expect(response.headers.get("payment-response")).toBeTruthy();
    // Signed over the exact bytes that arrived, by the node's signer.
    const bytes = new Uint8Array(await response.arrayBuffer());
    const digest = createHash("sha256").update(bytes).digest();
    expect(response.headers.get("x-response-hash")).toBe(`sha256=${digest.toString("hex")}`);
    const recovered = await recoverMessageAddress({ message: { raw: digest }, signature: response.headers.get("x-response-signature") as Hex });
    expect(recovered).toBe(response.headers.get("x-signer"));
    const body = JSON.parse(Buffer.from(bytes).toString("utf8")) as { results?: unknown[] };
    expect(Array.isArray(body.results)).toBe(true);
    expect(body.results!.length).toBe(3);
  }, 60_000);

  it("answers a paid /optimize_portfolio: HiGHS's WebAssembly is found from the bundled search worker", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: account });
    const pay = wrapFetchWithPayment(fetch, client);
    expect((await fetch(`${base}/dev/faucet?address=${account.address}&amount=1`, { method: "POST" })).status).toBe(200);
    const response = await pay(`${base}/optimize_portfolio?tickers=AAPL,MSFT,NVDA,SPY&period=1y&objective=max_ratio`);
    const body = (await response.json()) as { weights?: unknown };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.weights).toBeDefined();
  }, 60_000);
});
