import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { PaymentClaims, type NewPaymentClaim } from "../../src/storage/repos/payment-claims.js";
import { createTestPayer, decodeHeader } from "../support/test-payer.js";
import { suiteService } from "../support/suite-service.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";

const TEN_MINUTES_MS = 600_000;

describe.skipIf(!SHARED_PRESENT)("payment reconciliation job", () => {
  const service = suiteService();
  let claims: PaymentClaims;
  beforeAll(() => {
    claims = new PaymentClaims(service().database.db);
  });

  const stateOf = async (nonce: string) =>
    service().database.db.selectFrom("payment_claims").select(["state", "transaction_hash", "outcome_reason"]).where("nonce", "=", nonce.toLowerCase()).executeTakeFirstOrThrow();

  /** A claim as a crashed node leaves it: in `settling`, claimed long ago, for an authorization that never reached the chain. */
  const strandedClaim = async (validBeforeS: number, settling: boolean): Promise<string> => {
    const nonce = `0x${randomBytes(32).toString("hex")}`;
    const claim: NewPaymentClaim = {
      network: "eip155:8453",
      asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      payer: `0x${randomBytes(20).toString("hex")}`,
      nonce,
      amountAtomic: "10000",
      payTo: service().payTo,
      validBeforeS,
      requestId: "r",
      operationId: "api",
      claimedAtMs: Date.now() - TEN_MINUTES_MS,
      paymentJson: "{}",
    };
    expect(await claims.claim(claim)).toBe(true);
    if (settling) expect(await claims.markSettling(`eip155:8453|${claim.asset}|${claim.payer}|${nonce}`.toLowerCase(), Date.now())).toBe(true);
    return nonce;
  };

  it("resolves claims whose outcome was never recorded from the chain", async () => {
    const payer = await createTestPayer(service());
    const header = await payer.paymentFor("/api");
    const res = await service().app.request("/api", { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
    expect(res.status).toBe(200);
    const { transaction } = decodeHeader<{ transaction: string }>(res.headers.get("payment-response"));
    const { nonce } = decodeHeader<{ payload: { authorization: { nonce: string } } }>(header).payload.authorization;
    // As if the node died after settling and before recording the outcome.
    await service().database.db
      .updateTable("payment_claims")
      .set((eb) => ({ state: "settling", transaction_hash: null, outcome_at_ms: null, claimed_at_ms: eb("claimed_at_ms", "-", TEN_MINUTES_MS) }))
      .where("nonce", "=", nonce.toLowerCase())
      .execute();

    const nowS = Math.floor(Date.now() / 1000);
    const expiredUnsettled = await strandedClaim(nowS - 60, true);
    const stillOpen = await strandedClaim(nowS + 60, true);
    const abandoned = await strandedClaim(nowS - 60, false);

    await service().jobs.runNow("payment-reconciliation");
    expect(await stateOf(nonce)).toEqual({ state: "settled", transaction_hash: transaction, outcome_reason: "reconciled" });
    expect(await stateOf(expiredUnsettled)).toMatchObject({ state: "unsettled", transaction_hash: null });
    // Unused but still valid: a settlement may yet land, so it waits for a later run.
    expect(await stateOf(stillOpen)).toMatchObject({ state: "settling" });
    expect(await stateOf(abandoned)).toMatchObject({ state: "expired" });
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
