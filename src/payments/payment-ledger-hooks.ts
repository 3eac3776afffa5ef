import type { x402ResourceServer } from "@x402/core/server";
import type { SettlementRecord } from "../storage/repos/settlement-ledger.js";
import { protocolOfTransport, type PaymentProtocol } from "./payment-protocol.js";
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
  /** Which protocol pays this request, set before verification (the claim and its ledger rows keep it). */
  paymentProtocol?: PaymentProtocol;
  /** What the handler recorded for this payment, undone when settlement fails (see RequestScope). */
  undoIfUnpaid?: Array<() => Promise<void>>;
}

interface Requirements {
  amount: string;
  asset: string;
  network: string;
}

async function undoUnpaid(scope: PaymentScope | undefined, onError: (error: unknown) => void): Promise<void> {
  for (const undo of scope?.undoIfUnpaid ?? []) {
    try {
      await undo();
    } catch (error) {
      onError(error);
    }
  }
}

/**
 * Writes every verification to the ledger and tells the request scope which protocol pays, who paid and
 * whether it settled. MPP credentials are verified and settled through the same x402 resource server, so these
 * hooks see both protocols; the transport context says which one it was. Settle rows are not written here: the
 * claiming facilitator writes each in one transaction with its claim's outcome (./claiming-facilitator.ts). A
 * ledger write failure is logged by the caller's logger but never turns a good payment into an error.
 */
export function attachLedgerHooks(
  server: x402ResourceServer,
  deps: { ledger: LedgerSink; currentScope: () => PaymentScope | undefined; nowMs: () => number; onError: (error: unknown) => void },
): void {
  const write = async (requirements: Requirements, outcome: { ok: boolean; payer?: string; reason?: string }, transportContext: unknown) => {
    const scope = deps.currentScope();
    if (outcome.payer !== undefined && scope !== undefined) scope.payer = outcome.payer;
    try {
      await deps.ledger.record({
        createdAtMs: deps.nowMs(),
        requestId: scope?.requestId ?? "unknown",
        operationId: scope?.operationId ?? "unknown",
        protocol: protocolOfTransport(transportContext),
        phase: "verify",
        payer: outcome.payer ?? null,
        amountAtomic: requirements.amount,
        asset: requirements.asset,
        network: requirements.network,
        transactionHash: null,
        status: outcome.ok ? "ok" : "failed",
        errorReason: outcome.reason ?? null,
      });
    } catch (error) {
      deps.onError(error);
    }
  };

  server.onBeforeVerify(async ({ transportContext }) => {
    const scope = deps.currentScope();
    if (scope !== undefined) scope.paymentProtocol = protocolOfTransport(transportContext);
  });
  server.onAfterVerify(async ({ requirements, result, transportContext }) => {
    await write(
      requirements,
      { ok: result.isValid, payer: result.payer, reason: result.isValid ? undefined : publicPaymentReason(result.invalidReason, "invalid_payment") },
      transportContext,
    );
  });
  server.onVerifyFailure(async ({ requirements, error, transportContext }) => {
    // Codes only in the ledger: the exception itself was logged where it was caught.
    await write(requirements, { ok: false, reason: publicPaymentReason(error.message, "verify_error") }, transportContext);
  });
  server.onAfterSettle(async ({ result }) => {
    const scope = deps.currentScope();
    if (scope === undefined) return;
    if (result.payer !== undefined) scope.payer = result.payer;
    if (result.success) scope.settled = true;
  });
  server.onSettleFailure(async ({ error }) => {
    // A settlement the facilitator refused (SettleError: the payer moved the funds, a used nonce): the body is
    // withheld, so what the handler recorded for it is undone. A timeout or a broken connection is not: its
    // outcome is unknown until reconciliation, and the record stays.
    if (error instanceof Error && error.name === "SettleError") await undoUnpaid(deps.currentScope(), deps.onError);
  });
}
