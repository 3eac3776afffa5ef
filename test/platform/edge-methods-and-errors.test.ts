import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SettlementLedger } from "../../src/storage/repos/settlement-ledger.js";
import { startPaidService, type PaidService } from "../support/paid-routes.js";
import { DAILY_DATASET_DIR } from "../support/shared-paths.js";
import { createMppPayer } from "../support/mpp-payer.js";
import { startLoopback } from "../support/start-loopback.js";
import { createTestPayer } from "../support/test-payer.js";
import { startTestService } from "../support/test-service.js";

const PRICE_PATH = "/get_latest_price?ticker=AAPL";

/** A pino logger whose lines land in an array, to check what reached the log (and how often). */
function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  return { logger, lines };
}

describe("methods (HEAD never settles, other methods 405) and request ids", () => {
  let paid: PaidService;
  beforeAll(async () => {
    paid = await startPaidService();
  });
  afterAll(async () => {
    await paid.service.close();
  });

  it("answers a paid HEAD as an unpaid GET (402, quote headers, no body) and never verifies or settles it", async () => {
    const { service, payer } = paid;
    const header = await payer.paymentFor(PRICE_PATH, "GET");
    const before = await payer.balance();
    const head = await service.app.request(PRICE_PATH, { method: "HEAD", headers: { "PAYMENT-SIGNATURE": header } });
    expect(head.status).toBe(402);
    expect(head.headers.get("payment-required")).not.toBeNull();
    expect(head.headers.get("payment-response")).toBeNull();
    expect(await head.text()).toBe("");
    expect(await payer.balance()).toBe(before);
    expect(await new SettlementLedger(service.database.db).recent(10)).toEqual([]);
    // The authorization was never used: it still pays the GET it was made for, once.
    const get = await service.app.request(PRICE_PATH, { method: "GET", headers: { "PAYMENT-SIGNATURE": header } });
    expect(get.status).toBe(200);
    expect(await payer.balance()).toBe(before - 1000n);
  });

  it("does not settle an MPP credential sent with HEAD either (over a real socket)", async () => {
    const { service } = paid;
    const loopback = await startLoopback(service);
    try {
      const mpp = await createMppPayer(service, loopback.baseUrl);
      const credential = await mpp.credentialFor(PRICE_PATH, "GET");
      const before = await mpp.balance();
      const head = await fetch(`${loopback.baseUrl}${PRICE_PATH}`, { method: "HEAD", headers: { Authorization: credential } });
      expect(head.status).toBe(402);
      expect(head.headers.get("payment-receipt")).toBeNull();
      expect(await mpp.balance()).toBe(before);
      const settled = (await new SettlementLedger(service.database.db).recent(50)).filter((r) => r.protocol === "mpp");
      expect(settled).toEqual([]);
    } finally {
      await loopback.close();
    }
  });

  it("answers PUT, DELETE and PATCH on paid and free paths with 405, Allow and the error body, never 402", async () => {
    const { service, payer } = paid;
    const header = await payer.paymentFor(PRICE_PATH, "GET");
    const before = await payer.balance();
    for (const [method, path, allow] of [
      ["PUT", PRICE_PATH, "GET, POST, HEAD, OPTIONS"],
      ["DELETE", "/get_patterns", "GET, POST, HEAD, OPTIONS"],
      ["PATCH", "/verify_signature", "GET, POST, HEAD, OPTIONS"],
      ["PUT", "/openapi.json", "GET, HEAD, OPTIONS"],
      ["POST", "/.well-known/api-catalog", "GET, HEAD, OPTIONS"],
      ["GET", "/dev/faucet", "POST, OPTIONS"],
    ] as const) {
      const res = await service.app.request(path, { method, headers: { "PAYMENT-SIGNATURE": header } });
      const body = (await res.json()) as { error: { code: string; request_id: string } };
      expect([method, path, res.status, body.error.code]).toEqual([method, path, 405, "METHOD_NOT_ALLOWED"]);
      expect(res.headers.get("allow")).toBe(allow);
      expect(body.error.request_id).toBe(res.headers.get("x-request-id"));
    }
    expect(await payer.balance()).toBe(before);
  });

  it("answers other spellings of a paid path with 404 at once, never a quote or a verification", async () => {
    const { service, payer } = paid;
    const header = await payer.paymentFor(PRICE_PATH, "GET");
    const rowsOfPayer = async () =>
      (await new SettlementLedger(service.database.db).recent(200)).filter((r) => r.payer === payer.account.address).length;
    const before = await rowsOfPayer();
    for (const path of ["/get_latest_price/", "/GET_LATEST_PRICE", "//get_latest_price", "/get_latest_price%2F"]) {
      for (const method of ["GET", "PUT", "HEAD"]) {
        const res = await service.app.request(`${path}?ticker=AAPL`, { method, headers: { "PAYMENT-SIGNATURE": header } });
        expect([method, path, res.status]).toEqual([method, path, 404]);
      }
    }
    expect(await rowsOfPayer()).toBe(before);
    // The authorization is still unused: it pays the exact path once (a verify and a settle row).
    expect((await service.app.request(PRICE_PATH, { headers: { "PAYMENT-SIGNATURE": header } })).status).toBe(200);
    expect(await rowsOfPayer()).toBe(before + 2);
  });

  it("always uses our own id, so two payers sending the same X-Request-Id get different ledger rows", async () => {
    const { service } = paid;
    const other = await createTestPayer(service, 1_000_000n);
    const supplied = "same-id-from-two-clients";
    const answers = [];
    for (const payer of [paid.payer, other]) {
      const res = await payer.pay(PRICE_PATH, "GET", { headers: { "X-Request-Id": supplied } });
      expect(res.status).toBe(200);
      answers.push(res.headers.get("x-request-id"));
    }
    expect(answers[0]).not.toBe(answers[1]);
    expect(answers).not.toContain(supplied);
    const ledger = await new SettlementLedger(service.database.db).recent(50);
    const settledIds = ledger.filter((r) => r.phase === "settle" && r.status === "ok").map((r) => r.requestId);
    for (const id of answers) expect(settledIds).toContain(id);
    expect(ledger.map((r) => r.requestId)).not.toContain(supplied);
    const logged = await service.database.db.selectFrom("request_log").select("request_id").execute();
    expect(logged.map((r) => r.request_id)).not.toContain(supplied);
  });
});

describe("5xx bodies carry a code and a short reason, the detail goes to the log once", () => {
  const internal = "ECONNREFUSED 10.9.8.7:8545 at /srv/precedent/rpc-key-sk_live_internal";

  it("does not pass a facilitator's exception text to the caller", async () => {
    const { logger, lines } = capturingLogger();
    const service = await startTestService({
      logger,
      wrapFacilitator: (real) => ({
        verify: (payload, requirements) => real.verify(payload, requirements),
        settle: (payload, requirements) => real.settle(payload, requirements),
        getSupported: async () => {
          throw new Error(internal);
        },
      }),
    });
    try {
      const res = await service.app.request(PRICE_PATH, { headers: { "X-Request-Id": "client-trace-7" } });
      const text = await res.text();
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).not.toBeNull();
      expect(JSON.parse(text).error.code).toBe("UPSTREAM_UNAVAILABLE");
      for (const fragment of ["ECONNREFUSED", "10.9.8.7", "/srv/", "sk_live"]) expect(text).not.toContain(fragment);
      // Logged once, under our request id, with the caller's own id kept apart for correlation.
      const logged = lines.filter((l) => l.requestId === res.headers.get("x-request-id"));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({ clientRequestId: "client-trace-7", msg: "payment facilitator unavailable" });
    } finally {
      await service.close();
    }
  });

  it("does not pass a data source's error text to the caller, and charges nothing", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-broken-data-"));
    for (const file of fs.readdirSync(DAILY_DATASET_DIR)) fs.copyFileSync(path.join(DAILY_DATASET_DIR, file), path.join(dataDir, file));
    fs.writeFileSync(path.join(dataDir, "AAPL.csv"), "when,what\n2024-01-02,secret-column-layout\n");
    const { logger, lines } = capturingLogger();
    const paid = await startPaidService({ logger, env: { MARKET_DATA_DIR: dataDir } });
    try {
      const before = await paid.payer.balance();
      const res = await paid.payer.pay(PRICE_PATH, "GET");
      const text = await res.text();
      expect(res.status).toBe(503);
      expect(JSON.parse(text).error.code).toBe("UPSTREAM_SCHEMA_CHANGED");
      for (const fragment of ["AAPL.csv", "line 1", "header"]) expect(text).not.toContain(fragment);
      expect(lines.filter((l) => JSON.stringify(l).includes("AAPL.csv, line 1"))).toHaveLength(1);
      expect(await paid.payer.balance()).toBe(before);
    } finally {
      await paid.service.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
