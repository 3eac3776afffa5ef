import { beforeEach, expect, it } from "vitest";
import type { Bar } from "../../src/domain/bar.js";
import type { Database } from "../../src/storage/create-database.js";
import { BarStore } from "../../src/storage/repos/bar-store.js";
import { ClientKeySalts } from "../../src/storage/repos/client-key-salts.js";
import { RequestLog, type RequestLogEntry } from "../../src/storage/repos/request-log.js";
import { SettlementLedger } from "../../src/storage/repos/settlement-ledger.js";
import { describeOnEachDatabase, emptiedBeforeEach } from "../support/test-databases.js";

const DAY = 86_400_000;

function bar(tsMs: number, close: number): Bar {
  return { tsMs, open: close - 1, high: close + 2, low: close - 2, close, volume: close === 7 ? null : 1000 };
}

function logEntry(tsMs: number, requestId: string): RequestLogEntry {
  return {
    tsMs,
    requestId,
    operationId: "get_latest_price",
    method: "GET",
    path: "/get_latest_price",
    status: 402,
    outcome: "quote",
    priceUsd: 0.001,
    clientKey: "k1",
    ecosystem: "agent-sdk",
    assistant: null,
    durationMs: 1.5,
    demand: { unrouted: false, automation: null, aiCompany: null, aiRole: null, category: "market-data", priceBand: "under $0.01" },
  };
}

describeOnEachDatabase("repositories", (open) => {
  let database: Database;
  const emptied = emptiedBeforeEach(open);
  beforeEach(() => {
    database = emptied();
  });

  it("stores bars, overwrites the forming bar, and reads a half-open range in order", async () => {
    const store = new BarStore(database.db);
    await store.upsert("AAPL", "1d", [bar(3 * DAY, 12), bar(1 * DAY, 10), bar(2 * DAY, 7)]);
    await store.upsert("AAPL", "1d", [bar(3 * DAY, 13)]);
    await store.upsert("AAPL", "1h", [bar(1 * DAY, 99)]);
    const bars = await store.read("AAPL", "1d", 1 * DAY, 3 * DAY + 1);
    expect(bars.map((b) => [b.tsMs, b.close])).toEqual([
      [1 * DAY, 10],
      [2 * DAY, 7],
      [3 * DAY, 13],
    ]);
    expect(bars[1].volume).toBeNull();
    expect(typeof bars[0].tsMs).toBe("number");
    expect(await store.read("AAPL", "1d", 1 * DAY, 2 * DAY)).toHaveLength(1);
  });

  it("reads only the newest bars, ascending", async () => {
    const store = new BarStore(database.db);
    await store.upsert("AAPL", "1d", [bar(1 * DAY, 10), bar(3 * DAY, 12), bar(2 * DAY, 11)]);
    await store.upsert("AAPL", "1h", [bar(9 * DAY, 99)]);
    expect((await store.last("AAPL", "1d", 2)).map((b) => b.close)).toEqual([11, 12]);
    expect(await store.last("MSFT", "1d", 2)).toEqual([]);
  });

  it("writes more bars than one insert statement can carry", async () => {
    const store = new BarStore(database.db);
    const many = Array.from({ length: 1234 }, (_, i) => bar(i * DAY, 100 + i));
    await store.upsert("SPY", "1d", many);
    const back = await store.read("SPY", "1d", 0, 2000 * DAY);
    expect(back).toHaveLength(1234);
    expect(back[1233].close).toBe(1333);
  });

  it("records and updates coverage per series", async () => {
    const store = new BarStore(database.db);
    expect(await store.coverage("BTC-USD", "1d")).toBeUndefined();
    await store.setCoverage("BTC-USD", "1d", { fromMs: 0, toMs: 5 * DAY, fetchedAtMs: 6 * DAY });
    await store.setCoverage("BTC-USD", "1d", { fromMs: 0, toMs: 9 * DAY, fetchedAtMs: 10 * DAY });
    expect(await store.coverage("BTC-USD", "1d")).toEqual({ fromMs: 0, toMs: 9 * DAY, fetchedAtMs: 10 * DAY });
  });

  it("appends to the request log and purges rows past retention", async () => {
    const log = new RequestLog(database.db);
    await log.append(logEntry(1_000, "a"));
    await log.append(logEntry(5_000, "b"));
    expect((await log.since(0)).map((e) => e.requestId)).toEqual(["a", "b"]);
    expect(await log.purgeOlderThan(2_000)).toBe(1);
    const left = await log.since(0);
    expect(left).toEqual([logEntry(5_000, "b")]);
  });

  it("keeps one salt per period even when two nodes race to create it", async () => {
    const nodeA = new ClientKeySalts(database.db);
    const nodeB = new ClientKeySalts(database.db);
    const [a, b] = await Promise.all([nodeA.saltFor(77), nodeB.saltFor(77)]);
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(await nodeA.saltFor(78)).not.toBe(a);
    await nodeA.forgetBefore(78);
    expect(await new ClientKeySalts(database.db).saltFor(77)).not.toBe(a);
  });

  it("records settlements in the ledger", async () => {
    const ledger = new SettlementLedger(database.db);
    const base = {
      requestId: "r1",
      operationId: "get_patterns",
      protocol: "x402" as const,
      payer: "0xabc",
      amountAtomic: "50000",
      asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      network: "eip155:8453",
      errorReason: null,
    };
    await ledger.record({ ...base, createdAtMs: 1, phase: "verify", transactionHash: null, status: "ok" });
    await ledger.record({ ...base, createdAtMs: 2, phase: "settle", transactionHash: "0xt1", status: "ok" });
    const recent = await ledger.recent(10);
    expect(recent.map((r) => r.phase)).toEqual(["settle", "verify"]);
    expect((await ledger.settledCountByTransaction()).get("0xt1")).toBe(1);
  });
});
