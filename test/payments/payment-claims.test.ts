import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { afterAll, describe, expect, it } from "vitest";
import { OfflineMoversProvider } from "../../src/providers/prices/offline/offline-movers-provider.js";
import type { MoversProvider } from "../../src/providers/prices/port.js";
import { PaymentClaims } from "../../src/storage/repos/payment-claims.js";
import { SettlementLedger } from "../../src/storage/repos/settlement-ledger.js";
import { failingSettlement } from "../support/failing-settlement.js";
import { createTestPayer, decodeHeader } from "../support/test-payer.js";
import { suiteService } from "../support/suite-service.js";
import { startServiceOnDataDir } from "../support/test-service.js";
import { DAILY_DATASET_DIR, SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";

type Required402 = { error?: string; accepts: Record<string, unknown>[] };

/** The real offline movers, counting how often a handler asked for them. */
function countingMovers(): MoversProvider & { calls: number } {
  const real = new OfflineMoversProvider({ marketDataDir: DAILY_DATASET_DIR });
  const counter = {
    name: real.name,
    universe: real.universe,
    calls: 0,
    movers: (category: Parameters<MoversProvider["movers"]>[0], count: number) => {
      counter.calls++;
      return real.movers(category, count);
    },
  };
  return counter;
}

describe.skipIf(!SHARED_PRESENT)("payment claims: one use per authorization", () => {
  const movers = countingMovers();
  const service = suiteService({ marketData: { movers } });

  it("runs the handler once for 30 parallel uses of one authorization, and charges once", async () => {
    // How many provider calls one handler run makes (one per movers category).
    const start = movers.calls;
    expect((await (await createTestPayer(service())).pay("/get_market_movers")).status).toBe(200);
    const perRun = movers.calls - start;
    expect(perRun).toBeGreaterThan(0);

    const payer = await createTestPayer(service());
    const header = await payer.paymentFor("/get_market_movers");
    const before = movers.calls;
    const responses = await Promise.all(
      Array.from({ length: 30 }, () => service().app.request("/get_market_movers", { method: "POST", headers: { "PAYMENT-SIGNATURE": header } })),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(29).fill(402)]);
    expect(movers.calls - before).toBe(perRun);
    for (const res of responses.filter((r) => r.status === 402)) {
      // Claimed by the winner; or, when the winner settled before this use's verification ran, used on chain.
      expect(["payment_already_claimed", "invalid_exact_evm_nonce_already_used"]).toContain(decodeHeader<Required402>(res.headers.get("payment-required")).error);
    }
    expect(10_000_000n - (await payer.balance())).toBe(1_000n);
    expect((await new PaymentClaims(service().database.db).countByState()).settled).toBe(2);
  });

  it("refuses an authorization valid far longer than the route's timeout", async () => {
    const payer = await createTestPayer(service());
    const quote = await service().app.request("/get_market_movers", { method: "POST" });
    const required = decodeHeader<Required402>(quote.headers.get("payment-required"));
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: payer.account });
    const tenYears = { ...required, accepts: [{ ...required.accepts[0], maxTimeoutSeconds: 10 * 365 * 86_400 }] };
    const payload = await client.createPaymentPayload(tenYears as never);
    payload.accepted = required.accepts[0] as never; // the route's own terms, with the ten-year signature
    const res = await service().app.request("/get_market_movers", {
      method: "POST",
      headers: { "PAYMENT-SIGNATURE": Buffer.from(JSON.stringify(payload)).toString("base64") },
    });
    expect(res.status).toBe(402);
    expect(decodeHeader<Required402>(res.headers.get("payment-required")).error).toBe("authorization_window_too_long");
    expect(await payer.balance()).toBe(10_000_000n);
  });

  it("lets the same authorization pay again after the handler answered an error (nothing was charged)", async () => {
    const payer = await createTestPayer(service());
    const header = await payer.paymentFor("/get_latest_price");
    const unknown = await service().app.request("/get_latest_price?ticker=NOPE_NOT_REAL", { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
    expect(unknown.status).toBe(404);
    const ok = await service().app.request("/get_latest_price?ticker=AAPL", { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
    expect(ok.status).toBe(200);
    expect(10_000_000n - (await payer.balance())).toBe(1_000n);
  });

  it("answers 402 and 5xx payment failures with codes, never internal text", async () => {
    const payer = await createTestPayer(service());
    const payload = decodeHeader<{ payload: { authorization: { value: string } } }>(await payer.paymentFor("/api"));
    payload.payload.authorization.value = "1e3";
    const res = await service().app.request("/api", {
      method: "POST",
      headers: { "PAYMENT-SIGNATURE": Buffer.from(JSON.stringify(payload)).toString("base64") },
    });
    expect(res.status).toBe(402);
    const text = await res.text();
    const reason = decodeHeader<Required402>(res.headers.get("payment-required")).error ?? "";
    expect(reason).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(text).not.toMatch(/BigInt|Cannot convert|Error:/);
  });
});

/** Settlement failing with the kind of text viem produces: the facilitator's wallet, gas and calldata. */
const VIEM_DUMP =
  "ContractFunctionExecutionError: The contract function \"transferWithAuthorization\" reverted.\n" +
  `Contract Call:\n  address: 0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913\n  from: 0x${"7".repeat(40)}\n  data: 0xe3ee160e${"ab".repeat(300)}\n  gas: 82635\nDocs: https://viem.sh\nVersion: viem@2.57.13`;

describe.skipIf(!SHARED_PRESENT)("payment claims: sanitised settlement failures", () => {
  const service = suiteService({ wrapFacilitator: (real) => failingSettlement(real, { errorReason: VIEM_DUMP, errorMessage: VIEM_DUMP }) });

  it("keeps viem dumps out of the SETTLEMENT_FAILED body, its headers and the ledger rows", async () => {
    const payer = await createTestPayer(service());
    const res = await payer.pay("/api");
    expect(res.status).toBe(402);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("SETTLEMENT_FAILED");
    const everything = JSON.stringify(body) + JSON.stringify([...res.headers.entries()].map(([k, v]) => [k, k.startsWith("payment") ? Buffer.from(v, "base64").toString() : v]));
    expect(everything).not.toMatch(/viem|0xe3ee160e|gas:|Contract Call/);
    const rows = await new SettlementLedger(service().database.db).recent(10);
    expect(rows.find((r) => r.phase === "settle")).toMatchObject({ status: "failed", errorReason: "settlement_failed" });
    const claims = await service().database.db.selectFrom("payment_claims").selectAll().execute();
    expect(claims.map((c) => [c.state, c.outcome_reason])).toEqual([["unsettled", "settlement_failed"]]);
    expect(await payer.balance()).toBe(10_000_000n);
  });
});

describe.skipIf(!SHARED_PRESENT)("payment claims across a restart", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-restart-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("refuses a settled payment replayed after a restart on the same DATA_DIR, even with fresh funds", async () => {
    const first = await startServiceOnDataDir(dataDir);
    const payer = await createTestPayer(first);
    const header = await payer.paymentFor("/api");
    expect((await first.app.request("/api", { method: "POST", headers: { "PAYMENT-SIGNATURE": header } })).status).toBe(200);
    await first.close();

    const second = await startServiceOnDataDir(dataDir);
    try {
      // The chain state came back from the journal, and the payer is topped up so only the ledger can refuse.
      expect(await second.embedded!.balanceOf(payer.account.address)).toBe(9_990_000n);
      await second.embedded!.mintUsdc(payer.account.address, 10_000_000n);
      const replay = await second.app.request("/api", { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
      expect(replay.status).toBe(402);
      expect(await second.embedded!.balanceOf(payer.account.address)).toBe(19_990_000n);
    } finally {
      await second.close();
    }
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
