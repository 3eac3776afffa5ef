import type { Kysely } from "kysely";
import type { DatabaseSchema, PaymentClaimState } from "../database-schema.js";
import { precompiledQuery } from "../precompiled-query.js";
import { insertSettlement, type SettlementRecord } from "./settlement-ledger.js";

export type { PaymentClaimState };

export interface NewPaymentClaim {
  network: string;
  asset: string;
  payer: string;
  nonce: string;
  amountAtomic: string;
  payTo: string;
  validBeforeS: number;
  requestId: string;
  operationId: string;
  claimedAtMs: number;
  /** The signed payment and its requirements, kept for reconciliation. */
  paymentJson: string;
  /** Which protocol paid (x402 when absent), for the ledger row reconciliation may write. */
  protocol?: "x402" | "mpp";
}

export interface PaymentClaim extends NewPaymentClaim {
  claimKey: string;
  state: PaymentClaimState;
  settlingAtMs: number | null;
  outcomeAtMs: number | null;
  transactionHash: string | null;
  outcomeReason: string | null;
}

export interface ClaimOutcome {
  state: "settled" | "unsettled" | "expired";
  transactionHash: string | null;
  reason: string | null;
  atMs: number;
}

/** The identity of an authorization on chain: one transfer per (network, token, payer, nonce), whatever the request. */
export function claimKeyOf(claim: { network: string; asset: string; payer: string; nonce: string }): string {
  return [claim.network, claim.asset, claim.payer, claim.nonce].map((part) => part.toLowerCase()).join("|");
}

// The three writes every paid call makes to its claim, built once (../precompiled-query.ts).
const insertClaim = precompiledQuery<Omit<NewPaymentClaim, "protocol"> & { claimKey: string; protocol: "x402" | "mpp" | null }>((db, slot) =>
  db
    .insertInto("payment_claims")
    .values({
      claim_key: slot("claimKey"),
      network: slot("network"),
      asset: slot("asset"),
      payer: slot("payer"),
      nonce: slot("nonce"),
      amount_atomic: slot("amountAtomic"),
      pay_to: slot("payTo"),
      valid_before_s: slot("validBeforeS"),
      request_id: slot("requestId"),
      operation_id: slot("operationId"),
      state: "claimed",
      claimed_at_ms: slot("claimedAtMs"),
      payment_json: slot("paymentJson"),
      protocol: slot("protocol"),
    })
    .onConflict((oc) => oc.column("claim_key").doNothing()),
);

const markClaimSettling = precompiledQuery<{ claimKey: string; nowMs: number }>((db, slot) =>
  db
    .updateTable("payment_claims")
    .set({ state: "settling", settling_at_ms: slot("nowMs") })
    .where("claim_key", "=", slot("claimKey"))
    .where("state", "=", "claimed"),
);

const moveClaimToOutcome = precompiledQuery<{
  state: ClaimOutcome["state"];
  transactionHash: string | null;
  reason: string | null;
  atMs: number;
  claimKey: string;
  from: PaymentClaimState;
}>((db, slot) =>
  db
    .updateTable("payment_claims")
    .set({ state: slot("state"), transaction_hash: slot("transactionHash"), outcome_reason: slot("reason"), outcome_at_ms: slot("atMs") })
    .where("claim_key", "=", slot("claimKey"))
    .where("state", "=", slot("from")),
);

/**
 * One row per accepted payment authorization. Claiming is a single INSERT that only one caller can win (the
 * primary key is the authorization's identity), on SQLite and PostgreSQL alike; every later transition is
 * a conditional UPDATE from the state it expects, so two nodes can never both settle or both resolve a row.
 */
export class PaymentClaims {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** True when this call won the authorization; false when it was already claimed (replay or parallel use). */
  async claim(claim: NewPaymentClaim): Promise<boolean> {
    const result = await insertClaim(this.db, {
      claimKey: claimKeyOf(claim),
      network: claim.network,
      asset: claim.asset.toLowerCase(),
      payer: claim.payer.toLowerCase(),
      nonce: claim.nonce.toLowerCase(),
      amountAtomic: claim.amountAtomic,
      payTo: claim.payTo.toLowerCase(),
      validBeforeS: claim.validBeforeS,
      requestId: claim.requestId,
      operationId: claim.operationId,
      claimedAtMs: claim.claimedAtMs,
      paymentJson: claim.paymentJson,
      protocol: claim.protocol ?? null,
    });
    return Number(result.numAffectedRows ?? 0n) === 1;
  }

  /** claimed -> settling. False if the row is not held in `claimed` (never claimed, or already settling). */
  async markSettling(claimKey: string, nowMs: number): Promise<boolean> {
    const result = await markClaimSettling(this.db, { claimKey, nowMs });
    return Number(result.numAffectedRows ?? 0n) === 1;
  }

  /**
   * Records the outcome of a claim in `from` (settling, or claimed for one that can no longer settle) and, in
   * the same transaction, its row in the settlement ledger: a crash leaves both or neither, never a settled
   * claim without its ledger row. The row is written only by the call that moved the claim.
   */
  async resolve(claimKey: string, outcome: ClaimOutcome, from: PaymentClaimState = "settling", ledgerRow?: SettlementRecord): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const result = await moveClaimToOutcome(trx, {
        state: outcome.state,
        transactionHash: outcome.transactionHash,
        reason: outcome.reason,
        atMs: outcome.atMs,
        claimKey,
        from,
      });
      const moved = Number(result.numAffectedRows ?? 0n) === 1;
      if (moved && ledgerRow !== undefined) await insertSettlement(trx, ledgerRow, claimKey);
      return moved;
    });
  }

  /** The handler failed before settlement: the authorization is free again (nothing moved, nothing will). */
  async release(claimKey: string): Promise<void> {
    await this.db.deleteFrom("payment_claims").where("claim_key", "=", claimKey).where("state", "=", "claimed").execute();
  }

  /** Claims in `state` that were claimed before `beforeMs`, oldest first. */
  async inState(state: PaymentClaimState, beforeMs: number, limit: number): Promise<PaymentClaim[]> {
    const rows = await this.db
      .selectFrom("payment_claims")
      .selectAll()
      .where("state", "=", state)
      .where("claimed_at_ms", "<", beforeMs)
      .orderBy("claimed_at_ms")
      .limit(limit)
      .execute();
    return rows.map((r) => ({
      claimKey: r.claim_key,
      network: r.network,
      asset: r.asset,
      payer: r.payer,
      nonce: r.nonce,
      amountAtomic: r.amount_atomic,
      payTo: r.pay_to,
      validBeforeS: Number(r.valid_before_s),
      requestId: r.request_id,
      operationId: r.operation_id,
      claimedAtMs: Number(r.claimed_at_ms),
      paymentJson: r.payment_json,
      state: r.state,
      settlingAtMs: r.settling_at_ms === null ? null : Number(r.settling_at_ms),
      outcomeAtMs: r.outcome_at_ms === null ? null : Number(r.outcome_at_ms),
      transactionHash: r.transaction_hash,
      outcomeReason: r.outcome_reason,
      ...(r.protocol === null ? {} : { protocol: r.protocol }),
    }));
  }

  async countByState(): Promise<Record<PaymentClaimState, number>> {
    const rows = await this.db
      .selectFrom("payment_claims")
      .select(["state"])
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .groupBy("state")
      .execute();
    const counts: Record<PaymentClaimState, number> = { claimed: 0, settling: 0, settled: 0, unsettled: 0, expired: 0 };
    for (const row of rows) counts[row.state] = Number(row.n);
    return counts;
  }
}
