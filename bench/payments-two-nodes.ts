/**
 * Two service nodes on one PostgreSQL and one standalone facilitator (README, "Two nodes"), as separate
 * processes on loopback, under paid load, with one node killed (SIGKILL) midway and restarted.
 *
 *   npm run bench:payments [-- --calls=1000 --concurrency=8 --time-limit-s=300]
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:5432/test (default): a scratch database is created and dropped.
 *
 * Each call quotes on one node (402) and pays on a node picked at random (a 402 from A is paid on B). A
 * call whose node is down is retried once, with the same signed authorization, on the other node: the claim
 * ledger must refuse it if the dead node had claimed it, and never charge twice. After the run, the claims
 * left mid-settlement by the kill are resolved as the reconciliation job would once they are old enough.
 *
 * Printed: calls answered 200, the USDC that reached payTo on chain (charged, in calls), and the ledger's
 * settled claims. They must agree: charged == ledger settled, and 200s <= charged (a call the killed node
 * settled but never answered is charged and in the ledger, yet no client saw its 200). Exit 1 otherwise.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import pg from "pg";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { RECONCILE_AFTER_MS, reconcilePayments } from "../src/jobs/payment-reconciliation.js";
import { createDatabase } from "../src/storage/create-database.js";
import { PaymentClaims } from "../src/storage/repos/payment-claims.js";

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, "").split("=")));
const CALLS = Number(args.calls ?? 1000);
const CONCURRENCY = Number(args.concurrency ?? 8);
const TIME_LIMIT_MS = Number(args["time-limit-s"] ?? 300) * 1000;
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ROUTE = "/get_latest_price?ticker=AAPL";
const PRICE_ATOMIC = 1_000n;
const PAYERS = 16;
const REPO = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function startProcess(entry: string, env: Record<string, string>, name: string): ChildProcess {
  // `node --import tsx`: the pid is the service itself, so SIGKILL hits it and nothing else.
  const child = spawn(process.execPath, ["--import", "tsx", entry], { cwd: REPO, env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr?.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    if (/error/i.test(text) && !/ExperimentalWarning/.test(text)) process.stderr.write(`[${name}] ${text}`);
  });
  return child;
}

async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

async function main(): Promise<void> {
  const scratchDb = `bench_payments_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratchDb}`);
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${scratchDb}`;
  const dirs = ["facilitator", "node-a", "node-b"].map((n) => fs.mkdtempSync(path.join(os.tmpdir(), `bench-${n}-`)));
  const children: ChildProcess[] = [];
  try {
    const facilitatorPort = await freePort();
    const facilitatorUrl = `http://127.0.0.1:${facilitatorPort}`;
    children.push(startProcess("src/main/facilitator.ts", { FACILITATOR_PORT: String(facilitatorPort), FACILITATOR_DATA_DIR: dirs[0], LOG_LEVEL: "error" }, "facilitator"));
    await waitFor(`${facilitatorUrl}/supported`);

    const nodePorts = [await freePort(), await freePort()];
    const nodeEnv = (i: number) => ({
      PORT: String(nodePorts[i]),
      HOST: "127.0.0.1",
      DATA_DIR: dirs[i + 1],
      DATABASE_URL: dbUrl.toString(),
      SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
      MPP_SECRET_KEY: "b".repeat(32),
      FACILITATOR: facilitatorUrl,
      MARKET_DATA_DIR: path.resolve(REPO, "../shared/datasets/daily"),
      PUBLIC_BASE_URL: "http://precedent.bench",
      LOG_LEVEL: "error",
    });
    const nodes = nodePorts.map((port) => `http://127.0.0.1:${port}`);
    // Node A first, alone, so it runs the migrations; then B.
    const nodeProcs: ChildProcess[] = [startProcess("src/main/server.ts", nodeEnv(0), "node-a")];
    await waitFor(`${nodes[0]}/openapi.json`);
    nodeProcs.push(startProcess("src/main/server.ts", nodeEnv(1), "node-b"));
    await waitFor(`${nodes[1]}/openapi.json`);
    children.push(...nodeProcs);

    const info = (await (await fetch(`${facilitatorUrl}/dev/info`)).json()) as { payTo: string };
    const payToBalance = async () =>
      BigInt(((await (await fetch(`${facilitatorUrl}/dev/balance?address=${info.payTo}`)).json()) as { balance_atomic: string }).balance_atomic);
    const payers = await Promise.all(
      Array.from({ length: PAYERS }, async () => {
        const account = privateKeyToAccount(generatePrivateKey());
        await fetch(`${facilitatorUrl}/dev/faucet?address=${account.address}&amount=100`, { method: "POST" });
        const client = new x402Client();
        registerExactEvmScheme(client, { signer: account });
        return client;
      }),
    );
    const payToBefore = await payToBalance();

    const counts = { ok200: 0, refused402: 0, other: 0, nodeDown: 0, retriedOnOther: 0 };
    let issued = 0;
    let killedAt = -1;
    const started = Date.now();
    const pay = async (callNo: number) => {
      const client = payers[callNo % PAYERS];
      const quoteNode = Math.floor(Math.random() * 2);
      let quote: Response;
      try {
        quote = await fetch(`${nodes[quoteNode]}${ROUTE}`, { method: "POST" });
      } catch {
        quote = await fetch(`${nodes[1 - quoteNode]}${ROUTE}`, { method: "POST" });
      }
      const required = JSON.parse(Buffer.from(quote.headers.get("payment-required")!, "base64").toString());
      const header = Buffer.from(JSON.stringify(await client.createPaymentPayload(required))).toString("base64");
      const payNode = Math.floor(Math.random() * 2);
      const send = (node: number) => fetch(`${nodes[node]}${ROUTE}`, { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
      let res: Response;
      try {
        res = await send(payNode);
      } catch {
        counts.nodeDown++;
        counts.retriedOnOther++;
        res = await send(1 - payNode);
      }
      if (res.status === 200) counts.ok200++;
      else if (res.status === 402) counts.refused402++;
      else counts.other++;
      await res.arrayBuffer();
    };
    const worker = async () => {
      while (issued < CALLS && Date.now() - started < TIME_LIMIT_MS) {
        const callNo = issued++;
        if (callNo === Math.floor(CALLS / 2) && killedAt < 0) {
          killedAt = callNo;
          nodeProcs[0].kill("SIGKILL");
          setTimeout(() => {
            nodeProcs[0] = startProcess("src/main/server.ts", nodeEnv(0), "node-a (restarted)");
            children.push(nodeProcs[0]);
          }, 500);
        }
        try {
          await pay(callNo);
        } catch {
          counts.other++;
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const elapsedS = (Date.now() - started) / 1000;
    await waitFor(`${nodes[0]}/openapi.json`);

    // Claims the kill left mid-settlement, resolved as the reconciliation job does once they are old enough.
    const db = await createDatabase({ kind: "postgres", url: dbUrl.toString() });
    const claims = new PaymentClaims(db.db);
    const before = await claims.countByState();
    const truth = {
      authorizationState: async (payer: string, nonce: string) =>
        (await (await fetch(`${facilitatorUrl}/dev/authorization?payer=${payer}&nonce=${nonce}`)).json()) as { used: boolean; transaction?: string },
      verify: async () => ({ isValid: false }),
    };
    const reconciled = await reconcilePayments(claims, truth, Date.now() + RECONCILE_AFTER_MS + 130_000);
    const after = await claims.countByState();
    await db.close();
    const chargedCalls = (await payToBalance() - payToBefore) / PRICE_ATOMIC;

    const rows = [
      ["paid calls issued", String(issued)],
      ["node A killed (SIGKILL) at call", String(killedAt)],
      ["elapsed", `${elapsedS.toFixed(1)} s (${(issued / elapsedS).toFixed(1)} calls/s, concurrency ${CONCURRENCY})`],
      ["answered 200 (settled, per clients)", String(counts.ok200)],
      ["answered 402 (refused or settlement failed)", String(counts.refused402)],
      ["other answers / errors", String(counts.other)],
      ["sent to a dead node, retried on the other", String(counts.retriedOnOther)],
      ["charged on chain (payTo delta / price)", String(chargedCalls)],
      ["ledger before reconciliation", JSON.stringify(before)],
      ["reconciled", JSON.stringify(reconciled)],
      ["ledger settled claims", String(after.settled)],
      ["ledger after reconciliation", JSON.stringify(after)],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
    const agree = BigInt(after.settled) === chargedCalls && BigInt(counts.ok200) <= chargedCalls && after.settling === 0;
    console.log(agree ? "AGREE: charged == ledger settled, and no client 200 without a charge" : "MISMATCH");
    if (!agree) process.exitCode = 1;
  } finally {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1_000));
    await admin.query(`DROP DATABASE IF EXISTS ${scratchDb} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
