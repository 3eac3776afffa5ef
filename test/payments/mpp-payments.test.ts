import { FacilitatorResponseError, type FacilitatorClient } from "@x402/core/server";
import { Challenge, Credential, Receipt } from "mppx";
import { beforeAll, describe, expect, it } from "vitest";
import { USDC_ADDRESS } from "../../src/payments/usdc-on-base.js";
import { RequestLog } from "../../src/storage/repos/request-log.js";
import { SettlementLedger } from "../../src/storage/repos/settlement-ledger.js";
import { createMppPayer } from "../support/mpp-payer.js";
import { loopbackService } from "../support/loopback-service.js";
import { createTestPayer, decodeHeader } from "../support/test-payer.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";
import { failingSettlement } from "../support/failing-settlement.js";

type ErrorBody = { error: { code: string; message: string; request_id: string } };

/**
 * MPP (`Authorization: Payment`, method evm, intent charge) beside x402, paid with the stock mppx client
 * over a real loopback HTTP server and settled by the embedded facilitator on the in-process chain.
 */
describe.skipIf(!SHARED_PRESENT)("MPP payments on the embedded chain", () => {
  const { service, base } = loopbackService();
  let ledger: SettlementLedger;
  beforeAll(() => {
    ledger = new SettlementLedger(service().database.db);
  });

  const payToBalance = () => service().embedded!.balanceOf(service().payTo as `0x${string}`);
  const send = (path: string, authorization: string, init: RequestInit = {}) =>
    fetch(`${base()}${path}`, { method: "POST", ...init, headers: { ...init.headers, Authorization: authorization } });

  it("adds an evm/charge challenge (and no tempo one) to the unchanged x402 402", async () => {
    const res = await fetch(`${base()}/get_latest_price?ticker=AAPL`, { method: "POST" });
    expect(res.status).toBe(402);
    const required = decodeHeader<{ accepts: { amount: string; asset: string; payTo: string }[]; extensions: Record<string, unknown> }>(
      res.headers.get("payment-required"),
    );
    expect(required.extensions.bazaar).toBeDefined();
    expect(await res.json()).toEqual(required);

    const challenges = Challenge.fromResponseList(res);
    expect(challenges.map((c) => c.method)).toEqual(["evm"]);
    expect(res.headers.get("www-authenticate")).not.toMatch(/tempo/i);
    const [challenge] = challenges;
    expect(challenge).toMatchObject({ method: "evm", intent: "charge", realm: "precedent.test" });
    expect(challenge.request).toMatchObject({
      amount: required.accepts[0].amount,
      currency: USDC_ADDRESS,
      recipient: service().payTo,
      methodDetails: { chainId: 8453, credentialTypes: ["authorization"], decimals: 6 },
    });
    expect(challenge.request.amount).toBe("1000");
    expect(Date.parse(challenge.expires!)).toBeGreaterThan(Date.now());
  });

  it("settles an MPP payment once: 200, Payment-Receipt, signed body, exact price moved, ledger says mpp, log says served", async () => {
    const payer = await createMppPayer(service(), base());
    const payToBefore = await payToBalance();
    const res = await payer.fetch("/api");
    expect(res.status).toBe(200);
    expect(res.headers.get("payment-response")).toBeNull();
    const receipt = Receipt.deserialize(res.headers.get("payment-receipt")!);
    expect(receipt).toMatchObject({ method: "evm", status: "success" });
    expect(receipt.reference).toMatch(/^0x[0-9a-f]{64}$/);
    expect(res.headers.get("cache-control")).toContain("private");
    // Signed over the bytes received (the signature of a paid answer is computed while it settles).
    const text = await res.text();
    expect(res.headers.get("x-signer")).toBe(service().signer.address);
    expect(await service().signer.verify(text, res.headers.get("x-response-signature")!)).toMatchObject({ valid: true });
    const body = JSON.parse(text) as { routes: { operation_id: string }[] };
    expect(body.routes.map((r) => r.operation_id)).toContain("get_latest_price");

    expect(10_000_000n - (await payer.balance())).toBe(10_000n);
    expect((await payToBalance()) - payToBefore).toBe(10_000n);
    const rows = await ledger.recent(20);
    const settle = rows.find((r) => r.phase === "settle" && r.transactionHash === receipt.reference);
    expect(settle).toMatchObject({ protocol: "mpp", status: "ok", operationId: "api", amountAtomic: "10000", asset: USDC_ADDRESS });
    expect(settle!.payer!.toLowerCase()).toBe(payer.account.address.toLowerCase());
    const verify = rows.find((r) => r.phase === "verify" && r.requestId === settle!.requestId);
    expect(verify).toMatchObject({ protocol: "mpp", status: "ok" });
    const log = await new RequestLog(service().database.db).since(0);
    expect(log.find((e) => e.requestId === settle!.requestId)).toMatchObject({ operationId: "api", status: 200, outcome: "served" });
  });

  it("rejects a replayed credential with 402 and charges nothing more", async () => {
    const payer = await createMppPayer(service(), base());
    const credential = await payer.credentialFor("/api");
    const first = await send("/api", credential);
    expect(first.status).toBe(200);
    const tx = Receipt.deserialize(first.headers.get("payment-receipt")!).reference;
    const afterFirst = await payer.balance();
    expect(10_000_000n - afterFirst).toBe(10_000n);

    const replay = await send("/api", credential);
    expect(replay.status).toBe(402);
    expect(replay.headers.get("payment-receipt")).toBeNull();
    expect(((await replay.json()) as { error?: string }).error).toMatch(/nonce/i);
    expect(Challenge.fromResponseList(replay).map((c) => c.method)).toEqual(["evm"]);
    expect(await payer.balance()).toBe(afterFirst);
    expect((await ledger.settledCountByTransaction()).get(tx)).toBe(1);
  });

  it("settles a credential sent twice at once only once", async () => {
    const payer = await createMppPayer(service(), base());
    const credential = await payer.credentialFor("/api");
    const responses = await Promise.all([send("/api", credential), send("/api", credential)]);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 402]);
    const loser = responses.find((r) => r.status === 402)!;
    // Refused before the handler ran, a plain 402 with no body of the route: by the payment claim when both
    // verifications passed, or by the chain when the winner's settlement was mined before the loser's verify
    // simulated the transfer (which of the two depends only on timing).
    expect(["payment_already_claimed", "invalid_exact_evm_nonce_already_used"]).toContain(((await loser.json()) as { error?: string }).error);
    expect(loser.headers.get("x-response-signature")).toBeNull();
    expect(10_000_000n - (await payer.balance())).toBe(10_000n);
  });

  it("pays 10 concurrent MPP calls, each settled exactly once", async () => {
    const payers = await Promise.all(Array.from({ length: 10 }, () => createMppPayer(service(), base(), 1_000_000n)));
    const responses = await Promise.all(payers.map((p) => p.fetch("/api")));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(200));
    const txs = responses.map((r) => Receipt.deserialize(r.headers.get("payment-receipt")!).reference);
    expect(new Set(txs).size).toBe(10);
    for (const p of payers) expect(await p.balance()).toBe(990_000n);
    const counts = await ledger.settledCountByTransaction();
    for (const tx of txs) expect(counts.get(tx)).toBe(1);
  });

  it("charges nothing for bad parameters (422) and the unused credential still pays a good call", async () => {
    const payer = await createMppPayer(service(), base());
    const credential = await payer.credentialFor("/get_price_history");
    const bad = await send("/get_price_history?ticker=AAPL&start_date=2020-02-01&end_date=2020-01-01", credential);
    expect(bad.status).toBe(422);
    expect(bad.headers.get("payment-receipt")).toBeNull();
    const body = (await bad.json()) as ErrorBody & { error: { details: { param: string }[] } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details[0].param).toBe("start_date");
    expect(await payer.balance()).toBe(10_000_000n);

    // The authorization was never submitted, so the same credential is still good for this route.
    const good = await send("/get_price_history?ticker=AAPL&start_date=2020-01-02&end_date=2020-01-31", credential);
    expect(good.status).toBe(200);
    expect(good.headers.get("payment-receipt")).not.toBeNull();
  });

  it("charges nothing when the handler answers an error (unknown ticker -> 404)", async () => {
    const payer = await createMppPayer(service(), base());
    const res = await payer.fetch("/get_latest_price?ticker=NOPE_NOT_REAL");
    expect(res.status).toBe(404);
    expect(((await res.json()) as ErrorBody).error.code).toBe("UNKNOWN_TICKER");
    expect(res.headers.get("payment-receipt")).toBeNull();
    expect(await payer.balance()).toBe(10_000_000n);
    const log = await new RequestLog(service().database.db).since(0);
    const row = log.find((e) => e.operationId === "get_latest_price" && e.status === 404);
    expect(row?.outcome).toBe("error");
    const settled = (await ledger.recent(200)).filter((r) => r.phase === "settle" && r.requestId === row!.requestId);
    expect(settled).toEqual([]);
  });

  it("answers malformed credentials with 4xx and our error body, never 5xx", async () => {
    for (const value of ["Payment %%%not-base64%%%", "Payment", `Payment ${Buffer.from('{"x":1}').toString("base64url")}`]) {
      const res = await send("/api", value);
      expect(res.status, value).toBeGreaterThanOrEqual(400);
      expect(res.status, value).toBeLessThan(500);
      if (res.status === 400) {
        const body = (await res.json()) as ErrorBody;
        expect(body.error.code).toBe("PAYMENT_FAILED");
        expect(body.error.request_id).toEqual(expect.any(String));
        expect(body.error.message).toEqual(expect.any(String));
      }
    }
    // Free routes are not the payment layer's business, whatever the Authorization header says.
    const free = await fetch(`${base()}/openapi.json`, { headers: { Authorization: "Payment %%%not-base64%%%" } });
    expect(free.status).toBe(200);
  });

  it("rejects credentials it did not issue, for another route, or alongside an x402 payment", async () => {
    const payer = await createMppPayer(service(), base());
    const cheap = await payer.credentialFor("/get_latest_price");

    // Issued for a $0.001 route, presented to the $0.01 one: the challenge is scoped to its resource.
    const otherRoute = await send("/api", cheap);
    expect(otherRoute.status).toBe(402);
    expect(((await otherRoute.json()) as { error?: string }).error).toMatch(/MPP credential rejected/);

    // The echoed challenge edited to a lower price no longer matches our HMAC.
    const parsed = Credential.deserialize(cheap);
    const forged = Credential.serialize({ ...parsed, challenge: { ...parsed.challenge, request: { ...parsed.challenge.request, amount: "1" } } });
    const forgedRes = await send("/get_latest_price?ticker=AAPL", forged);
    expect(forgedRes.status).toBe(402);

    const x402Header = await (await createTestPayer(service())).paymentFor("/get_latest_price");
    const both = await send("/get_latest_price?ticker=AAPL", cheap, { headers: { "PAYMENT-SIGNATURE": x402Header } });
    expect(both.status).toBe(400);
    expect(((await both.json()) as ErrorBody).error.code).toBe("PAYMENT_FAILED");
    expect(await payer.balance()).toBe(10_000_000n);
  });

  it("advertises MPP offers in /openapi.json", async () => {
    const doc = (await (await service().app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { "x-payment-info"?: { offers?: unknown[]; protocols?: Record<string, unknown>[] } }>>;
    };
    const info = doc.paths["/get_latest_price"].post["x-payment-info"]!;
    expect(info.offers).toEqual([expect.objectContaining({ method: "evm", intent: "charge", amount: "1000", currency: USDC_ADDRESS })]);
    expect(info.protocols).toContainEqual({ mpp: { method: "evm", intent: "charge", currency: USDC_ADDRESS } });
  });

  it("keeps x402 working beside MPP", async () => {
    const payer = await createTestPayer(service());
    const res = await payer.pay("/api");
    expect(res.status).toBe(200);
    expect(decodeHeader<{ success: boolean }>(res.headers.get("payment-response")).success).toBe(true);
    expect(res.headers.get("payment-receipt")).toBeNull();
    const tx = decodeHeader<{ transaction: string }>(res.headers.get("payment-response")).transaction;
    expect((await ledger.recent(20)).find((r) => r.phase === "settle" && r.transactionHash === tx)?.protocol).toBe("x402");
  });

  it("measures an MPP paid call (median of 20)", async () => {
    const payer = await createMppPayer(service(), base(), 1_000_000n);
    const fullMs: number[] = [];
    const paidMs: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      let started = performance.now();
      const res = await payer.fetch("/get_latest_price?ticker=AAPL");
      fullMs.push(performance.now() - started);
      expect(res.status).toBe(200);
      const credential = await payer.credentialFor("/get_latest_price");
      started = performance.now();
      const paid = await send("/get_latest_price?ticker=AAPL", credential);
      paidMs.push(performance.now() - started);
      expect(paid.status).toBe(200);
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    console.info(
      `MPP paid call over loopback, median of 20: ${median(paidMs).toFixed(1)} ms for the paid request alone, ` +
        `${median(fullMs).toFixed(1)} ms for the client's 402 + sign + paid request`,
    );
    expect(1_000_000n - (await payer.balance())).toBe(40n * 1000n);
  });
});

describe.skipIf(!SHARED_PRESENT)("MPP when the facilitator fails", () => {
  // The facilitator starts answering garbage after start-up (what HTTPFacilitatorClient reports as a FacilitatorResponseError).
  const unreachable = (real: FacilitatorClient): FacilitatorClient => ({
    verify: async () => {
      throw new FacilitatorResponseError("facilitator answered 503 (simulated)");
    },
    getSupported: () => real.getSupported(),
    settle: (p, r) => real.settle(p, r),
  });
  const settleFails = loopbackService({ wrapFacilitator: failingSettlement });
  const verifyThrows = loopbackService({ wrapFacilitator: unreachable });

  it("withholds the body and charges nothing when settlement fails", async () => {
    const payer = await createMppPayer(settleFails.service(), settleFails.base());
    const res = await payer.fetch("/api");
    expect(res.status).toBe(402);
    expect(res.headers.get("payment-receipt")).toBeNull();
    expect(res.headers.get("x-response-signature")).toBeNull();
    const text = await res.text();
    expect(text).not.toContain("get_latest_price");
    expect((JSON.parse(text) as ErrorBody).error.code).toBe("SETTLEMENT_FAILED");
    expect(await payer.balance()).toBe(10_000_000n);
    const failed = (await new SettlementLedger(settleFails.service().database.db).recent(5)).find((r) => r.phase === "settle");
    expect(failed).toMatchObject({ protocol: "mpp", status: "failed" });
  });

  it("answers facilitator trouble with 503 and Retry-After, for MPP as for x402", async () => {
    const mpp = await (await createMppPayer(verifyThrows.service(), verifyThrows.base())).fetch("/api");
    const x402 = await (await createTestPayer(verifyThrows.service())).pay("/api");
    for (const res of [mpp, x402]) {
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).not.toBeNull();
      expect(((await res.json()) as ErrorBody).error.code).toBe("UPSTREAM_UNAVAILABLE");
    }
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
