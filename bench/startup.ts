/**
 * Start-up benchmark (issue 11): time from spawning the service to its "listening" log line, from the built
 * bundle (`node dist/bundle/server.js`, what `npm start` runs), from the one-to-one built modules
 * (`dist/src/main/server.js`, what it ran before the bundle) and from source through tsx; then, on the bundle,
 * the first heavy paid call right after listening against warm ones.
 *
 *   npx tsx bench/startup.ts [--reps 5] [--restarts 3] [--modes dist,files,tsx] [--json <file>]
 *
 * --restarts: how many restarts measure the first heavy call, each way (right after listening, after the
 * warm-up); the ratio after the warm-up is then also printed as a median over them, the figure to compare.
 *
 * Embedded payments and MARKET_DATA_DIR=../shared/datasets/daily (offline). Each mode keeps one data
 * directory across its runs (the first, untimed run generates keys), so every timed run is a restart.
 * The heavy call is /screen over 12 real tickers, paid by the stock x402 client with a faucet-funded
 * wallet. Right after listening, the first call competes with the warm-up (worker threads, mppx, the
 * preload of stored histories) and pays for what it has not finished; after "warm-up done" it should not.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { DAILY_DATASET_DIR, REPO_ROOT } from "../test/support/shared-paths.js";
import { median } from "./sorted-stats.js";

const args = process.argv.slice(2);
const reps = args.includes("--reps") ? Number(args[args.indexOf("--reps") + 1]) : 5;
const jsonFile = args.includes("--json") ? args[args.indexOf("--json") + 1] : undefined;
const restarts = args.includes("--restarts") ? Number(args[args.indexOf("--restarts") + 1]) : Math.min(reps, 3);
const SCREEN =
  "/screen?tickers=AAPL,MSFT,SPY,QQQ,NVDA,TSLA,AMZN,GOOGL,GOLD,WTI,EURUSD,BTC-USD&start_date=2024-06-03&end_date=2024-09-03&metric=l1";
const WARM_CALLS = 7;

const MODES = {
  dist: [process.execPath, ["dist/bundle/server.js"]],
  files: [process.execPath, ["dist/src/main/server.js"]],
  tsx: [process.execPath, ["node_modules/tsx/dist/cli.mjs", "src/main/server.ts"]],
} as const;
const modes = (args.includes("--modes") ? args[args.indexOf("--modes") + 1].split(",") : Object.keys(MODES)) as (keyof typeof MODES)[];

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  port: number;
  listeningMs: number;
  /** Resolves with ms since spawn when "warm-up done" is logged. */
  warm: Promise<number>;
}

async function start(mode: keyof typeof MODES, dataDir: string): Promise<Started> {
  const port = await freePort();
  const [command, commandArgs] = MODES[mode];
  const started = performance.now();
  const child = spawn(command, commandArgs, {
    cwd: REPO_ROOT,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, MARKET_DATA_DIR: DAILY_DATASET_DIR, LOG_LEVEL: "info" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let onWarm: (ms: number) => void = () => {};
  const warm = new Promise<number>((resolve) => (onWarm = resolve));
  const listeningMs = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Precedent is listening")) resolve(performance.now() - started);
      if (output.includes("warm-up done")) onWarm(performance.now() - started);
    });
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => reject(new Error(`${mode} exited with ${code}:\n${output}`)));
  });
  return { child, port, listeningMs, warm };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await exited;
}

async function timedCall(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`heavy call answered ${response.status}`);
  return performance.now() - started;
}

async function heavyCalls(port: number, timed = true): Promise<{ firstMs: number; warmMs: number[] }> {
  const base = `http://127.0.0.1:${port}`;
  const account = privateKeyToAccount(generatePrivateKey());
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: account });
  const pay = wrapFetchWithPayment(fetch, client);
  const funded = await fetch(`${base}/dev/faucet?address=${account.address}&amount=1`, { method: "POST" });
  if (funded.status !== 200) throw new Error(`faucet answered ${funded.status}`);
  const firstMs = await timedCall(() => pay(`${base}${SCREEN}`, { method: "POST" }));
  const warmMs: number[] = [];
  for (let i = 0; i < (timed ? WARM_CALLS : 0); i++) warmMs.push(await timedCall(() => pay(`${base}${SCREEN}`, { method: "POST" })));
  return { firstMs, warmMs };
}

async function main(): Promise<void> {
  spawnSync(process.execPath, ["scripts/build.mjs", "--if-stale"], { cwd: REPO_ROOT, stdio: "inherit" });
  console.log(`node ${process.version} | ${os.cpus()[0]?.model} | ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`);
  const results: Record<string, unknown> = {};
  for (const mode of modes) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `precedent-start-${mode}-`));
    // Untimed: creates keys and the database, and (built modes) stores the screened tickers' bars, so the timed
    // runs below are restarts of a service that has served these tickers before.
    const first = await start(mode, dataDir);
    if (mode !== "tsx") await heavyCalls(first.port, false);
    await stop(first.child);
    const listening: number[] = [];
    const warmAfter: number[] = [];
    for (let rep = 0; rep < reps; rep++) {
      const service = await start(mode, dataDir);
      listening.push(service.listeningMs);
      warmAfter.push(await service.warm);
      await stop(service.child);
    }
    listening.sort((a, b) => a - b);
    warmAfter.sort((a, b) => a - b);
    results[mode] = { listeningMs: listening, warmUpDoneMs: warmAfter };
    console.log(`${mode.padEnd(5)} listening after ${median(listening).toFixed(0)} ms (median of ${reps}; min ${listening[0].toFixed(0)}, max ${listening.at(-1)!.toFixed(0)}), warm-up done after ${median(warmAfter).toFixed(0)} ms`);
    if (mode === "dist") {
      const rows = [];
      for (let rep = 0; rep < 2 * restarts; rep++) {
        // Even reps call right after "listening"; odd reps wait for the worker warm-up to finish first.
        const afterWarm = rep % 2 === 1;
        const service = await start(mode, dataDir);
        if (afterWarm) await service.warm;
        const { firstMs, warmMs } = await heavyCalls(service.port);
        await stop(service.child);
        warmMs.sort((a, b) => a - b);
        const when = afterWarm ? "after the warm-up" : "right after listening";
        rows.push({ when, firstMs, warmMedianMs: median(warmMs), ratio: firstMs / median(warmMs) });
        console.log(`  first /screen (12 tickers, L1) ${when}: ${firstMs.toFixed(0)} ms; warm median ${median(warmMs).toFixed(0)} ms; ratio ${(firstMs / median(warmMs)).toFixed(2)} (target <= 2)`);
      }
      results.heavyCall = rows;
      const afterWarmUp = rows.filter((row) => row.when === "after the warm-up").map((row) => row.ratio).sort((a, b) => a - b);
      console.log(`  after the warm-up, over ${afterWarmUp.length} restarts: ratio median ${median(afterWarmUp).toFixed(2)} (${afterWarmUp[0].toFixed(2)}-${afterWarmUp.at(-1)!.toFixed(2)})`);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (jsonFile !== undefined) fs.writeFileSync(jsonFile, `${JSON.stringify({ load: os.loadavg(), ...results }, null, 2)}\n`);
}

await main();
