import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { ALERT_DELIVERY_JOB, ALERT_EVALUATION_JOB } from "../../src/jobs/alert-jobs.js";
import { buildService, type BuildOptions, type Service } from "../../src/main/build-service.js";
import { AlertStore } from "../../src/storage/repos/alert-store.js";
import { SecretBox } from "../../src/storage/secret-box.js";
import { FakeClock } from "../support/fake-clock.js";
import { startLocalReceiver, type LocalReceiver } from "../support/local-receiver.js";
import { queryOf } from "../support/query-of.js";
import { sharedEmbeddedChain, sharedSearchWorkers } from "../support/shared-threads.js";
import { openSharedPostgres } from "../support/test-databases.js";
import { createTestPayer } from "../support/test-payer.js";
import { ControllablePrices, wave } from "./controllable-prices.js";

const DAY_MS = 86_400_000;
const START_MS = Date.parse("2026-01-05T15:00:00Z");
const pgUrl = process.env.TEST_PG_URL;

const webhookDns = async (host: string) => {
  if (host === "webhook.test") return [{ address: "127.0.0.1", family: 4 as const }];
  throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: "ENOTFOUND" });
};

/**
 * A node on the process's shared embedded chain and search workers (test/support/shared-threads.ts): what these
 * tests restart or run twice is the alert store and the job queue, never the chain, and booting a chain per node
 * costs seconds.
 */
function build(env: Record<string, string>, clock: FakeClock, prices: ControllablePrices, extra: Pick<BuildOptions, "database" | "jobsSchema" | "wrapFacilitator"> = {}): Promise<Service> {
  const config = loadConfig({ PUBLIC_BASE_URL: "http://precedent.test", LOG_LEVEL: "silent", OUTBOUND_ALLOW_HOSTS: "webhook.test", ...env });
  const threads = { embeddedChain: sharedEmbeddedChain(), searchWorkers: sharedSearchWorkers() };
  return buildService(config, { clock, marketData: { prices }, outboundResolve: webhookDns, logger: pino({ level: "silent" }), ...threads, ...extra });
}

async function registerPaid(service: Service, params: Record<string, string | number>): Promise<{ watch_id: string }> {
  const payer = await createTestPayer(service, 10_000_000n);
  const res = await payer.pay(`/watch/register?${queryOf(params)}`);
  const body = (await res.json()) as { watch_id: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body;
}

describe("alerts survive a restart (SQLite file)", () => {
  let receiver: LocalReceiver;
  let dataDir: string;
  beforeAll(async () => {
    receiver = await startLocalReceiver();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-alerts-"));
  });
  afterAll(async () => {
    await receiver.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("an alert registered before the process stopped fires after it was rebuilt on the same file", async () => {
    const clock = new FakeClock(START_MS);
    const prices = new ControllablePrices();
    prices.set("AAPL", wave(300, 100), START_MS);
    const first = await build({ DATA_DIR: dataDir }, clock, prices);
    const alert = await registerPaid(first, { ticker: "AAPL", condition: "price_above", threshold: 150, webhook_url: `http://webhook.test:${receiver.port}/restart` });
    await first.close();

    clock.advance(DAY_MS);
    prices.push("AAPL", 155, clock.nowMs());
    const second = await build({ DATA_DIR: dataDir }, clock, prices);
    try {
      await second.jobs.runNow(ALERT_EVALUATION_JOB);
      await second.jobs.runNow(ALERT_DELIVERY_JOB);
      expect(receiver.requests.map((r) => r.path)).toEqual(["/restart"]);
      expect(JSON.parse(receiver.requests[0].body)).toMatchObject({ watch_id: alert.watch_id, observed_value: 155 });
      const status = await second.app.request(`/watch/status?watch_id=${alert.watch_id}`);
      expect(((await status.json()) as { status: string }).status).toBe("delivered");
    } finally {
      await second.close();
    }
  });
});

describe.skipIf(pgUrl === undefined || pgUrl === "")("alerts on two PostgreSQL nodes", () => {
  const url = pgUrl as string;
  let receiver: LocalReceiver;
  let shared: Awaited<ReturnType<typeof openSharedPostgres>>;
  const nodes: Service[] = [];
  const dirs: string[] = [];
  const clock = new FakeClock(START_MS);
  const prices = new ControllablePrices();

  beforeAll(async () => {
    receiver = await startLocalReceiver();
    prices.set("AAPL", wave(300, 100), START_MS);
    shared = await openSharedPostgres(url, 2);
    const env = {
      DATABASE_URL: url,
      SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
      MPP_SECRET_KEY: "a-shared-mpp-secret-of-at-least-32-chars",
    };
    for (const [i, database] of shared.nodes.entries()) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-node-"));
      dirs.push(dir);
      // Only node a takes payments here; both nodes settle on the process's shared embedded chain (a remote
      // facilitator URL would have to answer the start-up /supported check). What the test is about is the
      // database and job queue they share.
      nodes.push(await build({ ...env, DATA_DIR: dir }, clock, prices, { database, jobsSchema: `${shared.schema}_jobs` }));
    }
  });
  afterAll(async () => {
    for (const node of nodes) await node.close();
    await shared?.close();
    await receiver?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("the same alert due on both nodes is delivered exactly once", async () => {
    const [a, b] = nodes;
    const alert = await registerPaid(a, { ticker: "AAPL", condition: "price_above", threshold: 150, webhook_url: `http://webhook.test:${receiver.port}/two-nodes` });
    clock.advance(DAY_MS);
    prices.push("AAPL", 160, clock.nowMs());
    await Promise.all([a.jobs.runNow(ALERT_EVALUATION_JOB), b.jobs.runNow(ALERT_EVALUATION_JOB)]);
    await Promise.all([a.jobs.runNow(ALERT_DELIVERY_JOB), b.jobs.runNow(ALERT_DELIVERY_JOB), a.jobs.runNow(ALERT_DELIVERY_JOB)]);
    expect(receiver.requests.filter((r) => r.path === "/two-nodes")).toHaveLength(1);
    const status = (await (await a.app.request(`/watch/status?watch_id=${alert.watch_id}`)).json()) as { status: string; attempts: unknown[] };
    expect([status.status, status.attempts.length]).toEqual(["delivered", 1]);
  });

  it("row claims: of many concurrent claims from both nodes on one due delivery, exactly one wins; firing too", async () => {
    const box = new SecretBox(randomBytes(32));
    const stores = shared.nodes.map((d) => new AlertStore(d.db, box));
    const nowMs = clock.nowMs();
    await stores[0].insert({
      watchId: "f".repeat(32), kind: "price", ticker: "AAPL", condition: "price_above", threshold: 1, webhookUrl: "https://hooks.example.com/x",
      secret: "s", pattern: null, createdAtMs: nowMs, expiresAtMs: nowMs + DAY_MS,
    });
    const fired = await Promise.all(stores.flatMap((s) => [1, 2, 3].map(() => s.trigger("f".repeat(32), nowMs, 2, nowMs, "{}"))));
    expect(fired.filter(Boolean)).toHaveLength(1);
    const claims = await Promise.all(stores.flatMap((s, i) => [1, 2, 3, 4, 5].map((j) => s.claimDelivery("f".repeat(32), `node${i}-${j}`, nowMs, 60_000))));
    expect(claims.filter(Boolean)).toHaveLength(1);
    // The lease lapses: the row is claimable again (a crashed node's delivery is not lost).
    expect(await stores[1].claimDelivery("f".repeat(32), "later", nowMs + 60_000, 60_000)).toBe(true);
  });
});
