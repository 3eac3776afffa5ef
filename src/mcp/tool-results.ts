import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ResponseSignatureCheck } from "../payments/response-signature-check.js";
import type { ServiceReply } from "./precedent-client.js";
import type { SpendBudget } from "./spend-budget.js";
import { nearTickers } from "./ticker-suggestions.js";
import type { OperationTool } from "./tool-catalog.js";
import { ownValue } from "../domain/own-value.js";

/** `_meta` keys of every tool result: machine-readable signature and payment, beside the body. */
export const SIGNATURE_META = "precedent/signature";
export const PAYMENT_META = "precedent/payment";

function signatureLine(check: ResponseSignatureCheck): string {
  if (check.status === "valid") return `Signature: verified (EIP-191 over sha256 of the body, signer ${check.signer}).`;
  if (check.status === "unsigned") return `Signature: none (${check.reason}).`;
  return `Signature: NOT VERIFIED: ${check.reason}. Do not trust this body.`;
}

/** One plain sentence: charged (how much, where) or not charged (and why). */
function paymentSummary(reply: ServiceReply): string {
  const receipt = reply.payment;
  if (receipt?.settled === true) return `charged $${receipt.amount_usd} USDC on ${receipt.network}, transaction ${receipt.transaction}`;
  if (receipt === undefined) return reply.status === 200 ? "not charged: a free tool" : `not charged: the service answered HTTP ${reply.status}`;
  if (reply.paymentRejection !== undefined) return `not charged: the service rejected the payment (${reply.paymentRejection})`;
  return `not charged: the service answered HTTP ${reply.status} and settled no payment`;
}

function paymentLine(reply: ServiceReply, budget: SpendBudget): string {
  return `Payment: ${paymentSummary(reply)}; ${budget.describe()}.`;
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
  const charged = reply.payment?.settled === true;
  return {
    [SIGNATURE_META]: { verified: reply.signature.status === "valid", ...reply.signature, ...reply.signatureHeaders },
    [PAYMENT_META]: { charged, summary: paymentSummary(reply), ...(reply.payment ?? {}) },
  };
}

/** The tickers a call named, for suggestions when one is unknown. */
function namedTickers(args: Record<string, unknown>): string[] {
  const values = ["ticker", "tickers", "ref_ticker", "peers"].flatMap((key) => {
    const value = ownValue(args, key);
    return typeof value === "string" ? value.split(",") : [];
  });
  return values.map((value) => value.trim()).filter((value) => value !== "");
}

function suggestionLine(args: Record<string, unknown>): string | undefined {
  const hints = namedTickers(args)
    .map((ticker) => ({ ticker, near: nearTickers(ticker) }))
    .filter((hint) => hint.near.length > 0)
    .map((hint) => `instead of ${hint.ticker}, perhaps ${hint.near.join(", ")}`);
  return hints.length === 0 ? undefined : `Near matches: ${hints.join("; ")}.`;
}

/**
 * A payment the service refused (another 402 after we signed): advice on funding the wallet rather than the
 * raw challenge. Nothing settled, so nothing was charged.
 */
export function paymentRejectedResult(tool: OperationTool, reply: ServiceReply, budget: SpendBudget, wallet: string | undefined, embedded: boolean): CallToolResult {
  const reason = reply.paymentRejection ?? "payment_rejected";
  const price = reply.payment === undefined ? "" : ` of $${reply.payment.amount_usd}`;
  const lacksFunds = /insufficient|balance|funds/i.test(reason);
  const fund = embedded
    ? `call dev_faucet with address ${wallet} to mint test USDC on this embedded-mode service (or restart this server with PRECEDENT_DEV_FUND=1)`
    : `send USDC on Base (network eip155:8453) to ${wallet}`;
  const advice = lacksFunds
    ? `The wallet ${wallet} does not hold enough USDC for it: ${fund}, then call ${tool.name} again. precedent_wallet shows the balance.`
    : `Call ${tool.name} again (an expired or reused authorization is refused once); if it keeps failing, check the wallet with precedent_wallet and ${fund}.`;
  return {
    isError: true,
    content: [
      { type: "text", text: `${tool.name} was not served: the service refused the payment${price} (${reason}). Nothing was charged.` },
      { type: "text", text: advice },
      { type: "text", text: paymentLine(reply, budget) },
    ],
    _meta: resultMeta(reply),
  };
}

/** Any other status: the service's error code and message (a 422 names each bad parameter), never a crash. */
export function serviceErrorResult(tool: OperationTool, reply: ServiceReply, budget: SpendBudget, args: Record<string, unknown>): CallToolResult {
  const error = (reply.body as { error?: { code?: string; message?: string; details?: { param?: string; issue: string }[] } } | undefined)?.error;
  const headline =
    error?.message === undefined
      ? `${tool.name} failed: the service answered HTTP ${reply.status}.`
      : `${tool.name} failed: ${error.code ?? "ERROR"} (HTTP ${reply.status}): ${error.message}`;
  const suggestion = error?.code === "UNKNOWN_TICKER" ? suggestionLine(args) : undefined;
  return {
    isError: true,
    content: [
      { type: "text", text: suggestion === undefined ? headline : `${headline}\n${suggestion}` },
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
