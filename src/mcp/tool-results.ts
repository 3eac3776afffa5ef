import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ResponseSignatureCheck } from "../payments/response-signature-check.js";
import type { ServiceReply } from "./precedent-client.js";
import type { SpendBudget } from "./spend-budget.js";
import type { OperationTool } from "./tool-catalog.js";

/** `_meta` keys of every tool result: machine-readable signature and payment, beside the body. */
export const SIGNATURE_META = "precedent/signature";
export const PAYMENT_META = "precedent/payment";

function signatureLine(check: ResponseSignatureCheck): string {
  if (check.status === "valid") return `Signature: verified (EIP-191 over sha256 of the body, signer ${check.signer}).`;
  if (check.status === "unsigned") return `Signature: none (${check.reason}).`;
  return `Signature: NOT VERIFIED: ${check.reason}. Do not trust this body.`;
}

function paymentLine(reply: ServiceReply, budget: SpendBudget): string {
  const receipt = reply.payment;
  if (receipt === undefined) return "Payment: none.";
  if (!receipt.settled) return `Payment: nothing was charged (the service settled no payment); ${budget.describe()}.`;
  return `Payment: $${receipt.amount_usd} USDC on ${receipt.network}, transaction ${receipt.transaction}; ${budget.describe()}.`;
}

/** A 200 from the service: the body as structured content and as its exact (signed) text, plus receipt lines. */
export function successResult(tool: OperationTool, reply: ServiceReply, budget: SpendBudget): CallToolResult {
  const isObject = reply.body !== null && typeof reply.body === "object" && !Array.isArray(reply.body);
  return {
    content: [
      { type: "text", text: reply.bodyText },
      { type: "text", text: `${signatureLine(reply.signature)}\n${paymentLine(reply, budget)}` },
    ],
    ...(isObject && tool.outputSchema !== undefined ? { structuredContent: reply.body as Record<string, unknown> } : {}),
    _meta: resultMeta(reply),
  };
}

function resultMeta(reply: ServiceReply): Record<string, unknown> {
  return {
    [SIGNATURE_META]: { verified: reply.signature.status === "valid", ...reply.signature, ...reply.signatureHeaders },
    [PAYMENT_META]: reply.payment ?? null,
  };
}

/** Any other status: the service's error code and message (a 422 names each bad parameter), never a crash. */
export function serviceErrorResult(tool: OperationTool, reply: ServiceReply, budget: SpendBudget): CallToolResult {
  const error = (reply.body as { error?: { code?: string; message?: string; details?: { param?: string; issue: string }[] } } | undefined)?.error;
  const headline =
    error?.message === undefined
      ? `${tool.name} failed: the service answered HTTP ${reply.status}.`
      : `${tool.name} failed: ${error.code ?? "ERROR"} (HTTP ${reply.status}): ${error.message}`;
  return {
    isError: true,
    content: [
      { type: "text", text: headline },
      { type: "text", text: reply.bodyText },
      { type: "text", text: paymentLine(reply, budget) },
    ],
    _meta: resultMeta(reply),
  };
}

/** Refused or failed before the service answered (bad arguments, a spend cap, no wallet, service down). */
export function localErrorResult(message: string, details?: unknown): CallToolResult {
  const content: CallToolResult["content"] = [{ type: "text", text: message }];
  if (details !== undefined) content.push({ type: "text", text: JSON.stringify(details) });
  return { isError: true, content };
}
