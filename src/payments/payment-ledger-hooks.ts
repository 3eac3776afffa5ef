import type { x402ResourceServer } from "@x402/core/server";
import type { SettlementRecord } from "../storage/repos/settlement-ledger.js";
import { protocolOfTransport } from "./payment-protocol.js";
import { publicPaymentReason } from "./public-payment-reason.js";

export interface LedgerSink {
  record(entry: SettlementRecord): Promise<void>;
}

/** What the hooks learn about the request they run inside (the hooks themselves see no HTTP context). */
export interface PaymentScope {
  requestId: string;
  operationId: string | null;
  payer?: string;
  settled?: boolean;
  /** What the handler recorded for this payment, undone when settlement fails (see RequestScope). */
  undoIfUnpaid?: Array<() => Promise<void>>;
}

interface Requirements {
  amount: string;
  asset: string;
  network: string;
}

/**
 * Writes every verification and settlement to the ledger and tells the request scope who paid. MPP
 * credentials are verified and settled through the same x402 resource server, so these hooks see both
 * protocols; the transport context says which one it was. A ledger write failure is logged by the
 * caller's logger but never turns a good payment into an error.
 */
async function undoUnpaid(scope: PaymentScope | undefined, onError: (error: unknown) => void): Promise<void> {
  for (const undo of scope?.undoIfUnpaid ?? []) {
    try {
      await undo();
    } catch (error) {
      onError(error);
    }
  }
}

export function attachLedgerHooks(
  server: x402ResourceServer,
  deps: { ledger: LedgerSink; currentScope: () => PaymentScope | undefined; nowMs: () => number; onError: (error: unknown) => void },
): void {
  const write = async (
    phase: "verify" | "settle",
    requirements: Requirements,
    outcome: { ok: boolean; payer?: string; transaction?: string; reason?: string },
    transportContext: unknown,
  ) => {
    const scope = deps.currentScope();
    if (outcome.payer !== undefined && scope !== undefined) scope.payer = outcome.payer;
    if (phase === "settle" && outcome.ok && scope !== undefined) scope.settled = true;
    try {
      await deps.ledger.record({
        createdAtMs: deps.nowMs(),
        requestId: scope?.requestId ?? "unknown",
        operationId: scope?.operationId ?? "unknown",
        protocol: protocolOfTransport(transportContext),
        phase,
        payer: outcome.payer ?? null,
        amountAtomic: requirements.amount,
        asset: requirements.asset,
        network: requirements.network,
        transactionHash: outcome.transaction || null,
        status: outcome.ok ? "ok" : "failed",
        errorReason: outcome.reason ?? null,
      });
    } catch (error) {
      deps.onError(error);
    }
  };

  server.onAfterVerify(async ({ requirements, result, transportContext }) => {
    await write(
      "verify",
      requirements,
      { ok: result.isValid, payer: result.payer, reason: result.isValid ? undefined : publicPaymentReason(result.invalidReason, "invalid_payment") },
      transportContext,
    );
  });
  server.onVerifyFailure(async ({ requirements, error, transportContext }) => {
    // Codes only in the ledger: the exception itself was logged where it was caught.
    await write("verify", requirements, { ok: false, reason: publicPaymentReason(error.message, "verify_error") }, transportContext);
  });
  server.onAfterSettle(async ({ requirements, result, transportContext }) => {
    await write(
      "settle",
      requirements,
      {
        ok: result.success,
        payer: result.payer,
        transaction: result.transaction,
        reason: result.success ? undefined : publicPaymentReason(result.errorReason, "settlement_failed"),
      },
      transportContext,
    );
  });
  server.onSettleFailure(async ({ requirements, error, transportContext }) => {
    // A settlement the facilitator refused (SettleError: the payer moved the funds, a used nonce): the body is
    // withheld, so what the handler recorded for it is undone. A timeout or a broken connection is not: its
    // outcome is unknown until reconciliation, and the record stays.
    if (error instanceof Error && error.name === "SettleError") await undoUnpaid(deps.currentScope(), deps.onError);
    await write("settle", requirements, { ok: false, reason: publicPaymentReason(error.message, "settle_error") }, transportContext);
  });
}
