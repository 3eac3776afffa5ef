import { describe, expect, it } from "vitest";
import { SettlementLedger } from "../../src/storage/repos/settlement-ledger.js";
import { RequestLog } from "../../src/storage/repos/request-log.js";
import { USDC_ADDRESS } from "../../src/payments/usdc-on-base.js";
import { createTestPayer, decodeHeader } from "../support/test-payer.js";
import { suiteService } from "../support/suite-service.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";
import { failingSettlement } from "../support/failing-settlement.js";

describe.skipIf(!SHARED_PRESENT)("x402 payments on the embedded chain", () => {
  const service = suiteService();

  it("answers an unpaid call with 402, PAYMENT-REQUIRED and the same JSON as the body", async () => {
    const res = await service().app.request("/get_latest_price?ticker=AAPL", { method: "POST" });
    expect(res.status).toBe(402);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const required = decodeHeader<{ x402Version: number; accepts: Record<string, unknown>[]; resource: { url: string }; extensions: Record<string, unknown> }>(
      res.headers.get("payment-required"),
    );
    expect(required.x402Version).toBe(2);
    expect(required.accepts[0]).toMatchObject({
      scheme: "exact",
      network: "eip155:8453",
      amount: "1000",
      asset: USDC_ADDRESS,
      payTo: service().payTo,
      extra: { name: "USD Coin", version: "2" },
    });
    expect(required.resource.url).toBe("http://precedent.test/get_latest_price");
    expect(required.extensions.bazaar).toBeDefined();
    expect(await res.json()).toEqual(required);
  });

  it("answers 402 before looking at parameters", async () => {
    const res = await service().app.request("/get_price_history?ticker=AAPL&start_date=nonsense", { method: "GET" });
    expect(res.status).toBe(402);
  });

  it("settles a paid call once: 200, PAYMENT-RESPONSE, signed body, money moved, ledger and log written", async () => {
    const payer = await createTestPayer(service());
    const before = await payer.balance();
    const payToBefore = await service().embedded!.balanceOf(service().payTo as `0x${string}`);
    const res = await payer.pay("/api");
    expect(res.status).toBe(200);
    const settlement = decodeHeader<{ success: boolean; transaction: string; payer: string }>(res.headers.get("payment-response"));
    expect(settlement.success).toBe(true);
    expect(settlement.payer.toLowerCase()).toBe(payer.account.address.toLowerCase());
    expect(res.headers.get("x-response-signature")).toMatch(/^0x[0-9a-f]{130}$/);
    const body = (await res.json()) as { routes: { operation_id: string }[] };
    expect(body.routes.map((r) => r.operation_id)).toContain("get_latest_price");
    expect(before - (await payer.balance())).toBe(10_000n);
    expect((await service().embedded!.balanceOf(service().payTo as `0x${string}`)) - payToBefore).toBe(10_000n);

    const ledger = await new SettlementLedger(service().database.db).recent(10);
    const settle = ledger.find((r) => r.phase === "settle" && r.transactionHash === settlement.transaction);
    expect(settle).toMatchObject({ status: "ok", operationId: "api", amountAtomic: "10000", protocol: "x402" });
    const log = await new RequestLog(service().database.db).since(0);
    expect(log.some((e) => e.operationId === "api" && e.outcome === "served" && e.status === 200)).toBe(true);
  });

  it("rejects a replayed payment with 402 and the reason, and charges nothing more", async () => {
    const payer = await createTestPayer(service());
    const header = await payer.paymentFor("/api");
    const first = await service().app.request("/api", { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
    expect(first.status).toBe(200);
    const afterFirst = await payer.balance();
    const replay = await service().app.request("/api", { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
    expect(replay.status).toBe(402);
    const reason = decodeHeader<{ error?: string }>(replay.headers.get("payment-required")).error ?? "";
    expect(reason).toMatch(/nonce/i);
    expect(await payer.balance()).toBe(afterFirst);
  });

  it("rejects a tampered payment", async () => {
    const payer = await createTestPayer(service());
    const payload = decodeHeader<{ accepted: { amount: string }; payload: { authorization: { value: string } } }>(await payer.paymentFor("/api"));
    payload.payload.authorization.value = "1";
    payload.accepted.amount = "1";
    const res = await service().app.request("/api", {
      method: "POST",
      headers: { "PAYMENT-SIGNATURE": Buffer.from(JSON.stringify(payload)).toString("base64") },
    });
    expect(res.status).toBe(402);
    expect(await payer.balance()).toBe(10_000_000n);
  });

  it("gives back the claim of a payment that fails verification: a forged copy does not block the genuine one", async () => {
    const payer = await createTestPayer(service());
    const genuine = await payer.paymentFor("/api");
    const forged = decodeHeader<{ payload: { signature: string; authorization: { nonce: string } } }>(genuine);
    const nonce = forged.payload.authorization.nonce.toLowerCase();
    const signature = forged.payload.signature;
    forged.payload.signature = `${signature.slice(0, 10)}${signature[10] === "0" ? "1" : "0"}${signature.slice(11)}`; // r changed
    const claimsOfNonce = async () =>
      (await service().database.db.selectFrom("payment_claims").select("state").where("nonce", "=", nonce).execute()).map((row) => row.state);

    const refused = await service().app.request("/api", {
      method: "POST",
      headers: { "PAYMENT-SIGNATURE": Buffer.from(JSON.stringify(forged)).toString("base64") },
    });
    expect(refused.status).toBe(402);
    expect(await claimsOfNonce()).toEqual([]);

    const paid = await service().app.request("/api", { method: "POST", headers: { "PAYMENT-SIGNATURE": genuine } });
    expect(paid.status).toBe(200);
    expect(await claimsOfNonce()).toEqual(["settled"]);
    expect(await payer.balance()).toBe(10_000_000n - BigInt(decodeHeader<{ accepted: { amount: string } }>(genuine).accepted.amount));
  });

  it("answers a malformed payment header with 400, never 5xx", async () => {
    const res = await service().app.request("/api", { method: "POST", headers: { "PAYMENT-SIGNATURE": "%%%not-base64%%%" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("PAYMENT_FAILED");
    const junk = await service().app.request("/api", { method: "POST", headers: { "PAYMENT-SIGNATURE": Buffer.from('{"x":1}').toString("base64") } });
    expect(junk.status).toBeLessThan(500);
  });

  it("charges nothing when the handler answers an error (bad parameter, unknown ticker)", async () => {
    const payer = await createTestPayer(service());
    const header = await payer.paymentFor("/get_price_history");
    const bad = await service().app.request("/get_price_history?ticker=AAPL&start_date=2020-02-01&end_date=2020-01-01", {
      method: "POST",
      headers: { "PAYMENT-SIGNATURE": header },
    });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as { error: { code: string; details: { param: string }[] } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details[0].param).toBe("start_date");
    const unknown = await service().app.request("/get_latest_price?ticker=NOPE_NOT_REAL", {
      method: "POST",
      headers: { "PAYMENT-SIGNATURE": await payer.paymentFor("/get_latest_price") },
    });
    expect(unknown.status).toBe(404);
    expect(await payer.balance()).toBe(10_000_000n);
  });

  it("pays 20 concurrent calls, each settled exactly once", async () => {
    const payers = await Promise.all(Array.from({ length: 20 }, () => createTestPayer(service(), 1_000_000n)));
    const responses = await Promise.all(payers.map((p) => p.pay("/api")));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const txs = responses.map((r) => decodeHeader<{ transaction: string }>(r.headers.get("payment-response")).transaction);
    expect(new Set(txs).size).toBe(20);
    for (const p of payers) expect(await p.balance()).toBe(990_000n);
    const counts = await new SettlementLedger(service().database.db).settledCountByTransaction();
    for (const tx of txs) expect(counts.get(tx)).toBe(1);
  });
});

describe.skipIf(!SHARED_PRESENT)("x402 settlement failure", () => {
  const service = suiteService({ wrapFacilitator: failingSettlement });

  it("withholds the body and charges nothing", async () => {
    const payer = await createTestPayer(service());
    const res = await payer.pay("/api");
    expect(res.status).toBe(402);
    const text = await res.text();
    expect(text).not.toContain("get_latest_price");
    expect(JSON.parse(text).error.code).toBe("SETTLEMENT_FAILED");
    expect(res.headers.get("x-response-signature")).toBeNull();
    expect(await payer.balance()).toBe(10_000_000n);
    // A failed settlement is an error in the request log, not a quote (it would read as unmet demand).
    const log = await new RequestLog(service().database.db).since(0);
    expect(log.filter((e) => e.operationId === "api" && e.status === 402).map((e) => e.outcome)).toEqual(["quote", "error"]);
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
