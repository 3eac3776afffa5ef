import type { PaymentPayload, PaymentRequirements, VerifyResponse } from "@x402/core/types";
import type { ClaimOutcome, PaymentClaim, PaymentClaimState } from "../storage/repos/payment-claims.js";
import type { SettlementRecord } from "../storage/repos/settlement-ledger.js";
import type { RecurringJob } from "./job-runner.js";

export interface ReconcilableClaims {
  inState(state: PaymentClaimState, beforeMs: number, limit: number): Promise<PaymentClaim[]>;
  /** Moves the claim and writes its ledger row in one transaction (PaymentClaims.resolve). */
  resolve(claimKey: string, outcome: ClaimOutcome, from?: PaymentClaimState, ledgerRow?: SettlementRecord): Promise<boolean>;
}

/** Where the truth about an authorization lives: the chain (directly or through our facilitator), else the facilitator's verify. */
export interface SettlementTruth {
  authorizationState?: (payer: `0x${string}`, nonce: `0x${string}`) => Promise<{ used: boolean; transaction?: string }>;
  verify: (payload: PaymentPayload, requirements: PaymentRequirements) => Promise<VerifyResponse>;
}

/** A settlement younger than this may still be in flight (HTTP facilitators wait up to 90 s for a receipt). */
export const RECONCILE_AFTER_MS = 120_000;
const BATCH = 200;

type Verdict = { used: true; transaction: string | null } | { used: false } | undefined;

/**
 * Claims whose outcome was never recorded (the node died during settlement, or the outcome write failed
 * four times) are resolved from the chain: a used authorization nonce means the money moved (settled); an
 * unused one past its validBefore can never move (unsettled); anything else waits for the next run. Either
 * outcome is written with its settle row in the ledger, in one transaction, so the claim, the transfer on
 * chain and the ledger agree after a crash at any point of a settlement. Claims
 * still `claimed` past their validBefore never reached settlement and never can: expired. Each transition
 * is a conditional UPDATE from the state read, so several nodes may run this together.
 */
export async function reconcilePayments(claims: ReconcilableClaims, truth: SettlementTruth, nowMs: number): Promise<{ resolved: number; pending: number }> {
  let resolved = 0;
  let pending = 0;
  const nowS = Math.floor(nowMs / 1000);
  for (const claim of await claims.inState("settling", nowMs - RECONCILE_AFTER_MS, BATCH)) {
    const verdict = await lookUp(claim, truth, nowS);
    let outcome: ClaimOutcome | undefined;
    if (verdict?.used === true) outcome = { state: "settled", transactionHash: verdict.transaction, reason: "reconciled", atMs: nowMs };
    else if (verdict?.used === false && nowS > claim.validBeforeS) outcome = { state: "unsettled", transactionHash: null, reason: "reconciled_not_settled", atMs: nowMs };
    if (outcome !== undefined && (await claims.resolve(claim.claimKey, outcome, "settling", outcomeRow(claim, outcome)))) resolved++;
    else pending++;
  }
  for (const claim of await claims.inState("claimed", nowMs - RECONCILE_AFTER_MS, BATCH)) {
    if (nowS <= claim.validBeforeS) continue;
    const outcome: ClaimOutcome = { state: "expired", transactionHash: null, reason: "never_settled", atMs: nowMs };
    if (await claims.resolve(claim.claimKey, outcome, "claimed")) resolved++;
  }
  return { resolved, pending };
}

/** The ledger's settle row of a claim resolved here, from what the claim kept of its request. */
function outcomeRow(claim: PaymentClaim, outcome: ClaimOutcome): SettlementRecord {
  return {
    createdAtMs: outcome.atMs,
    requestId: claim.requestId,
    operationId: claim.operationId,
    protocol: claim.protocol ?? "x402",
    phase: "settle",
    payer: claim.payer,
    amountAtomic: claim.amountAtomic,
    asset: claim.asset,
    network: claim.network,
    transactionHash: outcome.transactionHash,
    status: outcome.state === "settled" ? "ok" : "failed",
    errorReason: outcome.reason,
  };
}

async function lookUp(claim: PaymentClaim, truth: SettlementTruth, nowS: number): Promise<Verdict> {
  if (truth.authorizationState !== undefined) {
    const state = await truth.authorizationState(claim.payer as `0x${string}`, claim.nonce as `0x${string}`);
    return state.used ? { used: true, transaction: state.transaction ?? null } : { used: false };
  }
  // No chain access (a third-party facilitator): its verify simulates the transfer, which fails on a used nonce.
  // Only meaningful while the authorization is still inside its window.
  if (nowS >= claim.validBeforeS) return undefined;
  const { paymentPayload, paymentRequirements } = JSON.parse(claim.paymentJson) as { paymentPayload: PaymentPayload; paymentRequirements: PaymentRequirements };
  const result = await truth.verify(paymentPayload, paymentRequirements);
  if (result.isValid) return { used: false };
  return /nonce_already_used|authorization_used/i.test(result.invalidReason ?? "") ? { used: true, transaction: null } : undefined;
}

/** The reconciliation job: every minute on the jobs runner. */
export function paymentReconciliationJob(claims: ReconcilableClaims, truth: SettlementTruth, nowMs: () => number): RecurringJob {
  return {
    name: "payment-reconciliation",
    everyMs: 60_000,
    run: async ({ logger }) => {
      const { resolved, pending } = await reconcilePayments(claims, truth, nowMs());
      if (resolved > 0 || pending > 0) logger.info({ resolved, pending }, "payment claims reconciled");
    },
  };
}
