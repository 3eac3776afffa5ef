import type { FacilitatorClient } from "@x402/core/server";
import { FacilitatorResponseError, getFacilitatorResponseError } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from "@x402/core/types";
import type { Logger } from "pino";
import type { ClaimOutcome, NewPaymentClaim, PaymentClaims } from "../storage/repos/payment-claims.js";
import { claimKeyOf } from "../storage/repos/payment-claims.js";
import { exactAuthorizationOf, windowProblem } from "./payment-authorization.js";
import type { SettlementRecord } from "../storage/repos/settlement-ledger.js";
import type { LedgerSink, PaymentScope } from "./payment-ledger-hooks.js";
import { loggableError, loggableReason } from "./loggable-failure.js";
import { publicPaymentReason } from "./public-payment-reason.js";

/**
 * The points of a settlement a crash can fall between, in order: the claim marked `settling` (nothing sent
 * yet), the facilitator's answer received (the money moved, nothing recorded), the outcome recorded (the
 * answer not yet sent).
 */
export type SettlementStep = "settling" | "transferred" | "recorded";

export interface ClaimingDeps {
  claims: Pick<PaymentClaims, "claim" | "markSettling" | "resolve" | "release">;
  /** Where settle attempts without a claim outcome go (refused before settlement, outcome unknown). */
  ledger: LedgerSink;
  nowMs: () => number;
  currentScope: () => PaymentScope | undefined;
  logger: Logger;
  /**
   * What an exception from the wrapped facilitator means. `upstream` (an HTTP facilitator): it could not be
   * asked, a 503. `payment` (the in-process one): it choked on the payment itself, a 402 invalid_payload.
   */
  thrownMeans: "upstream" | "payment";
  /** Attempts and pause for writing a settlement outcome; past them the reconciliation job resolves the claim. */
  outcomeRetry?: { attempts: number; delayMs: number };
  /** Resolves once the ledger's writes so far would survive a power loss (Database.syncToDisk); default: nothing to sync. */
  syncToDisk?: () => Promise<void>;
  /** Test seam: called as settlement passes each step (the crash tests kill the process there). */
  atStep?: (step: SettlementStep) => void;
}

export interface ClaimingFacilitator extends FacilitatorClient {
  /** The handler failed before settlement: give the authorization back (nothing moved). */
  release(payload: PaymentPayload, requirements: PaymentRequirements): Promise<void>;
}

/** Short and fixed: said to the client whenever the ledger cannot be written (SQLite busy, PostgreSQL down). */
export const LEDGER_UNAVAILABLE = "payment_ledger_unavailable";

/**
 * The facilitator as the resource server sees it, with our own nonce ledger in front (issue 9):
 * - verify: a well-formed EIP-3009 authorization whose window is not longer than the route allows is verified
 *   by the real facilitator and, at the same time, claimed in `payment_claims` (given back if verification
 *   fails). Only one request anywhere wins the claim; the others are refused with 402 `payment_already_claimed`
 *   before the handler runs, which the chain alone cannot do (it forgets on restart, and only rejects the
 *   second use when it settles, after the work).
 * - settle: only a claim moved from `claimed` to `settling` is settled, so the row exists before any money
 *   moves; the outcome and its settle row in the ledger are written in one transaction, with retries, and a
 *   claim left in `settling` is the reconciliation job's (which writes the row the same way).
 * - every reason that leaves here is a code; the facilitator's own text is logged once, never returned.
 */
export function claimingFacilitator(inner: FacilitatorClient, deps: ClaimingDeps): ClaimingFacilitator {
  const retry = deps.outcomeRetry ?? { attempts: 4, delayMs: 50 };
  const log = deps.logger;

  const ledgerDown = (error: unknown, what: string): never => {
    log.error({ err: error, requestId: deps.currentScope()?.requestId }, `payment ledger write failed (${what}); answered 503`);
    throw new FacilitatorResponseError(LEDGER_UNAVAILABLE);
  };

  const recordOutcome = async (claimKey: string, outcome: ClaimOutcome, ledgerRow: SettlementRecord) => {
    for (let attempt = 1; attempt <= retry.attempts; attempt++) {
      try {
        await deps.claims.resolve(claimKey, outcome, "settling", ledgerRow);
        return;
      } catch (error) {
        if (attempt === retry.attempts) {
          log.error({ err: error, claimKey, outcome: outcome.state }, "payment outcome not recorded; the reconciliation job will resolve it");
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, retry.delayMs * attempt));
      }
    }
  };

  /** The settle row of this request's payment (the hooks write the verify rows; settle rows are written here). */
  const settleRow = (
    requirements: PaymentRequirements,
    outcome: { payer: string | undefined; transaction: string | null; reason: string | null },
  ): SettlementRecord => {
    const scope = deps.currentScope();
    return {
      createdAtMs: deps.nowMs(),
      requestId: scope?.requestId ?? "unknown",
      operationId: scope?.operationId ?? "unknown",
      protocol: scope?.paymentProtocol ?? "x402",
      phase: "settle",
      payer: outcome.payer ?? null,
      amountAtomic: requirements.amount,
      asset: requirements.asset,
      network: requirements.network,
      transactionHash: outcome.transaction,
      status: outcome.reason === null ? "ok" : "failed",
      errorReason: outcome.reason,
    };
  };

  /** A settle attempt that changed no claim (refused before settlement, or its outcome unknown). */
  const recordAttempt = async (row: SettlementRecord) => {
    try {
      await deps.ledger.record(row);
    } catch (error) {
      log.error({ err: error }, "settlement ledger write failed");
    }
  };

  const releaseClaim = async (payload: PaymentPayload, requirements: PaymentRequirements): Promise<void> => {
    const auth = exactAuthorizationOf(payload);
    if (auth === undefined) return;
    const claimKey = claimKeyOf({ network: requirements.network, asset: requirements.asset, payer: auth.payer, nonce: auth.nonce });
    try {
      await deps.claims.release(claimKey);
    } catch (error) {
      // Harmless: the authorization simply stays used; the caller pays with a fresh one.
      log.warn({ err: error, claimKey }, "payment claim not released");
    }
  };

  return {
    getSupported: () => inner.getSupported(),

    async verify(payload, requirements): Promise<VerifyResponse> {
      const auth = exactAuthorizationOf(payload);
      if (auth === undefined) return { isValid: false, invalidReason: "invalid_payload" };
      const nowMs = deps.nowMs();
      const problem = windowProblem(auth, requirements, Math.floor(nowMs / 1000));
      if (problem !== undefined) return { isValid: false, invalidReason: problem, payer: auth.payer };

      const scope = deps.currentScope();
      const claim: NewPaymentClaim = {
        network: requirements.network,
        asset: requirements.asset,
        payer: auth.payer,
        nonce: auth.nonce,
        amountAtomic: requirements.amount,
        payTo: requirements.payTo,
        validBeforeS: auth.validBeforeS,
        requestId: scope?.requestId ?? "unknown",
        operationId: scope?.operationId ?? "unknown",
        claimedAtMs: nowMs,
        paymentJson: JSON.stringify({ paymentPayload: payload, paymentRequirements: requirements }),
        protocol: scope?.paymentProtocol ?? "x402",
      };
      // The facilitator verifies (on its thread or its host) while the claim is written here, instead of one
      // after the other. A claim won by a payment that then fails verification is given back, so what an
      // invalid payment can hold is its own (payer, nonce) for the length of a verification: taking a valid
      // payment's claim that way needs that payment's nonce, and whoever has it could simply replay it.
      // (An async wrapper, so that a facilitator throwing at once is a rejection too; the call itself is made now.)
      const verifying = (async () => inner.verify(payload, requirements))().then(
        (verdict) => ({ verdict }),
        (error: unknown) => ({ thrown: error }),
      );
      const claiming = deps.claims.claim(claim).then(
        (won) => ({ won }),
        (error: unknown) => ({ error }),
      );
      const [verification, claimed] = await Promise.all([verifying, claiming]);
      const won = "won" in claimed && claimed.won;
      if ("thrown" in verification) {
        if (won) await releaseClaim(payload, requirements);
        const error = verification.thrown;
        if (deps.thrownMeans === "upstream" || getFacilitatorResponseError(error) !== null) {
          log.warn({ error: loggableError(error) }, "facilitator verify failed");
          throw new FacilitatorResponseError("facilitator_unavailable");
        }
        log.warn({ error: loggableError(error), payer: auth.payer }, "facilitator rejected a payment with an exception");
        return { isValid: false, invalidReason: "invalid_payload", payer: auth.payer };
      }
      const verified = verification.verdict;
      if (!verified.isValid) {
        if (won) await releaseClaim(payload, requirements);
        const reason = publicPaymentReason(verified.invalidReason, "invalid_payment");
        // Codes and short reasons only: the facilitator's invalidMessage can carry the signature and calldata.
        if (reason !== verified.invalidReason || verified.invalidMessage !== undefined) {
          log.info({ invalidReason: loggableReason(verified.invalidReason), detail: loggableReason(verified.invalidMessage) }, "payment verification failed");
        }
        return { isValid: false, invalidReason: reason, ...(verified.payer ? { payer: verified.payer } : {}) };
      }
      if ("error" in claimed) ledgerDown(claimed.error, "claim");
      // Held by another request. (A parallel use that settled meanwhile makes the token call its nonce used,
      // and verification says so first: either reason tells the caller the authorization is taken.)
      if (!won) return { isValid: false, invalidReason: "payment_already_claimed", payer: auth.payer };
      return verified;
    },

    async settle(payload, requirements): Promise<SettleResponse> {
      const auth = exactAuthorizationOf(payload);
      const failed = async (errorReason: string): Promise<SettleResponse> => {
        await recordAttempt(settleRow(requirements, { payer: auth?.payer, transaction: null, reason: errorReason }));
        return { success: false, errorReason, transaction: "", network: requirements.network, ...(auth ? { payer: auth.payer } : {}) };
      };
      if (auth === undefined) return failed("invalid_payload");
      const claimKey = claimKeyOf({ network: requirements.network, asset: requirements.asset, payer: auth.payer, nonce: auth.nonce });
      let held = false;
      try {
        held = await deps.claims.markSettling(claimKey, deps.nowMs());
      } catch (error) {
        ledgerDown(error, "settling");
      }
      // Settlement is attempted only for a claim this request holds, recorded as settling.
      if (!held) return failed("payment_not_claimed");
      deps.atStep?.("settling");
      // The settling mark goes to disk while the chain settles (it takes longer), and no answer leaves before it
      // is there: after a power loss the claim is still `settling`, and reconciliation completes it from the chain.
      const settlingOnDisk = (deps.syncToDisk?.() ?? Promise.resolve()).catch((error: unknown) =>
        log.error({ err: error, claimKey }, "payment claim not synced to disk"),
      );

      let result: SettleResponse;
      try {
        result = await inner.settle(payload, requirements);
      } catch (error) {
        // The outcome is unknown (a timeout may still settle): the claim stays `settling` for reconciliation.
        log.error({ error: loggableError(error), claimKey }, "facilitator settle failed; outcome unknown, left to reconciliation");
        await settlingOnDisk;
        return failed("settlement_unconfirmed");
      }
      deps.atStep?.("transferred");
      await settlingOnDisk;
      const payer = result.payer ?? auth.payer;
      if (result.success) {
        const outcome: ClaimOutcome = { state: "settled", transactionHash: result.transaction, reason: null, atMs: deps.nowMs() };
        await recordOutcome(claimKey, outcome, settleRow(requirements, { payer, transaction: result.transaction || null, reason: null }));
        deps.atStep?.("recorded");
        return { ...result, errorReason: undefined, errorMessage: undefined };
      }
      const reason = publicPaymentReason(result.errorReason, "settlement_failed");
      log.warn({ errorReason: loggableReason(result.errorReason), detail: loggableReason(result.errorMessage), claimKey }, "settlement failed");
      const outcome: ClaimOutcome = { state: "unsettled", transactionHash: null, reason, atMs: deps.nowMs() };
      await recordOutcome(claimKey, outcome, settleRow(requirements, { payer, transaction: null, reason }));
      deps.atStep?.("recorded");
      return { success: false, errorReason: reason, transaction: "", network: requirements.network, payer };
    },

    release: releaseClaim,
  };
}
