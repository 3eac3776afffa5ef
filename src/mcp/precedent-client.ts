import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { decodePaymentResponseHeader, wrapFetchWithPayment } from "@x402/fetch";
import type { PrivateKeyAccount } from "viem/accounts";
import type { CatalogRoute } from "../contracts/route-catalog.js";
import { checkResponseSignature, type ResponseSignatureCheck } from "../payments/response-signature-check.js";
import { errorText } from "./error-text.js";
import { formatUsd, usdToAtomicUnits, type SpendBudget } from "./spend-budget.js";

/** What the settlement cost and where it landed, from the accepted requirements and PAYMENT-RESPONSE. */
export interface PaymentReceipt {
  amount_usd: string;
  amount_atomic: string;
  asset: string;
  network: string;
  pay_to: string;
  settled: boolean;
  transaction: string | null;
  payer: string | null;
}

export interface ServiceReply {
  status: number;
  /** The body exactly as received: the signed bytes. */
  bodyText: string;
  body: unknown;
  signature: ResponseSignatureCheck;
  /** X-Response-Signature and X-Response-Hash as received, so the caller can prove the body later (verify_signature). */
  signatureHeaders: { signature: string | null; hash: string | null };
  payment: PaymentReceipt | undefined;
  /** The service answered our signed payment with another 402: why, as its code says (e.g. insufficient_funds). */
  paymentRejection?: string;
}

/** The reason of a 402 answered to a signed payment, from its PAYMENT-REQUIRED header (x402 v2). */
function paymentRejectionReason(response: Response): string {
  const header = response.headers.get("payment-required");
  if (header !== null) {
    try {
      const decoded = JSON.parse(Buffer.from(header, "base64").toString("utf8")) as { error?: unknown };
      if (typeof decoded.error === "string" && decoded.error !== "") return decoded.error;
    } catch {
      // Not the v2 header: fall through.
    }
  }
  return "payment_rejected";
}

/** The call was not made (or not paid): over a spend cap, or no wallet to pay with. Nothing was charged. */
export class CallRefusedError extends Error {}

/** The service could not be reached at all. */
export class ServiceUnreachableError extends Error {}

const CALL_TIMEOUT_MS = 180_000;
export const PRECEDENT_MCP_VERSION = "1.0.0";
/** Longer parameter strings go in a JSON body: proxies and servers cap URLs at a few kilobytes. */
const MAX_QUERY_CHARS = 2000;

/**
 * Calls Precedent routes for the MCP tools: free routes with plain fetch, paid ones with the stock x402 v2
 * client (exact scheme, EIP-3009 USDC), which answers the 402 by signing a payment from the wallet.
 * Each payment is checked against the spend budget in `onBeforePaymentCreation`, on the amount the 402 asks
 * (fixed and dynamically priced routes alike), so a call over a cap is refused before anything is signed.
 */
export class PrecedentClient {
  private firstSigner: string | undefined;

  constructor(
    private readonly baseUrl: string,
    private readonly account: PrivateKeyAccount | undefined,
    private readonly budget: SpendBudget,
  ) {}

  /** `host` is the MCP host's name and version from the handshake, forwarded in User-Agent for the demand reports. */
  async call(route: CatalogRoute, args: Record<string, unknown>, host?: { name: string; version: string }): Promise<ServiceReply> {
    const request = this.requestFor(route, args, host);
    if (route.price.kind === "free") return this.read(await this.guardedFetch(request), undefined);
    if (this.account === undefined) {
      throw new CallRefusedError(
        `${route.operationId} is paid (${route.price.kind === "fixed" ? `$${route.price.usd} per call` : route.price.rule}) and no wallet is configured. ` +
          "Set WALLET_PRIVATE_KEY=0x<64 hex digits> in this MCP server's environment (the `env` block of your MCP host's config) " +
          "with a wallet holding USDC on Base, then restart the server. Against a local embedded-mode service also set PRECEDENT_DEV_FUND=1 " +
          "to fund it with test USDC from the faucet. Free tools work without a wallet.",
      );
    }
    if (route.price.kind === "fixed") {
      // Refuse from the published price before sending anything; the 402's amount is checked again below.
      const refusal = this.budget.refusal(usdToAtomicUnits(route.price.usd));
      if (refusal !== undefined) throw new CallRefusedError(`${route.operationId} was not called and nothing was paid: ${refusal}.`);
    }
    return this.paidCall(route, request, this.account);
  }

  private async paidCall(route: CatalogRoute, request: Request, account: PrivateKeyAccount): Promise<ServiceReply> {
    let refusal: string | undefined;
    let accepted: { amount: string; asset: string; network: string; payTo: string } | undefined;
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: account });
    // Our budget is the cap (the hook below, on the 402's own amount: a dynamic route's price is known only
    // there). The stock cap would refuse a quote above the session budget first, with its own generic error.
    client.setSpendControls({ maxAmountPerPayment: false });
    client.onBeforePaymentCreation(async ({ selectedRequirements }) => {
      const amount = BigInt(selectedRequirements.amount);
      refusal = this.budget.refusal(amount);
      if (refusal !== undefined) return { abort: true, reason: refusal };
      this.budget.reserve(amount);
      accepted = selectedRequirements;
      return undefined;
    });
    const payingFetch = wrapFetchWithPayment((input, init) => this.guardedFetch(new Request(input, init)), client);
    let response: Response;
    try {
      response = await payingFetch(request);
    } catch (error) {
      if (refusal !== undefined) throw new CallRefusedError(`${route.operationId} was not paid: ${refusal}.`);
      // A refused connection never delivered the payment; after a timeout the outcome is unknown, so the
      // reservation stays and the cap errs on the safe side.
      if (accepted !== undefined && error instanceof ServiceUnreachableError) this.budget.release(BigInt(accepted.amount));
      throw error;
    }
    const settlement = response.headers.get("payment-response");
    const settled = settlement === null ? undefined : decodePaymentResponseHeader(settlement);
    if (accepted === undefined) return this.read(response, undefined);
    if (settled?.success !== true) this.budget.release(BigInt(accepted.amount));
    const rejection = response.status === 402 ? paymentRejectionReason(response) : undefined;
    const reply = await this.read(response, {
      amount_usd: formatUsd(BigInt(accepted.amount)).slice(1),
      amount_atomic: accepted.amount,
      asset: accepted.asset,
      network: accepted.network,
      pay_to: accepted.payTo,
      settled: settled?.success === true,
      transaction: settled?.transaction || null,
      payer: settled?.payer ?? account.address,
    });
    return rejection === undefined ? reply : { ...reply, paymentRejection: rejection };
  }

  get walletAddress(): `0x${string}` | undefined {
    return this.account?.address;
  }

  /**
   * The spec's calling convention: parameters in the query string, POST where the route takes it. Parameters
   * too long for a URL (a body to verify) or not scalar go in the JSON body every POST route also accepts.
   */
  private requestFor(route: CatalogRoute, args: Record<string, unknown>, host: { name: string; version: string } | undefined): Request {
    const url = `${this.baseUrl}${route.path}`;
    const signal = AbortSignal.timeout(CALL_TIMEOUT_MS);
    const headers: Record<string, string> = {
      "user-agent": `precedent-mcp/${PRECEDENT_MCP_VERSION}${host === undefined ? "" : ` (mcp-host ${host.name}/${host.version})`}`,
    };
    const method = route.methods.includes("POST") ? "POST" : "GET";
    const scalar = Object.values(args).every((v) => typeof v === "string" || typeof v === "number" || typeof v === "boolean");
    const query = new URLSearchParams(Object.entries(args).map(([k, v]): [string, string] => [k, String(v)])).toString();
    if (method === "POST" && (!scalar || query.length > MAX_QUERY_CHARS)) {
      return new Request(url, { method, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(args), signal });
    }
    return new Request(query === "" ? url : `${url}?${query}`, { method, headers, signal });
  }

  private async guardedFetch(request: Request): Promise<Response> {
    try {
      return await fetch(request);
    } catch (error) {
      if (request.signal.aborted) {
        throw new Error(`Precedent at ${this.baseUrl} did not answer within ${CALL_TIMEOUT_MS / 1000} s; a payment sent with the call may have settled.`);
      }
      throw new ServiceUnreachableError(
        `The Precedent service at ${this.baseUrl} is not reachable (${errorText(error)}). Start it (npm start in the Precedent repository) ` +
          "or point PRECEDENT_URL at a running deployment, then call the tool again. Nothing was paid.",
      );
    }
  }

  private async read(response: Response, payment: PaymentReceipt | undefined): Promise<ServiceReply> {
    const bytes = new Uint8Array(await response.arrayBuffer());
    const bodyText = new TextDecoder().decode(bytes);
    let body: unknown;
    try {
      body = JSON.parse(bodyText);
    } catch {
      body = undefined;
    }
    return {
      status: response.status,
      bodyText,
      body,
      signature: this.pinSigner(await checkResponseSignature(bytes, response.headers)),
      signatureHeaders: { signature: response.headers.get("x-response-signature"), hash: response.headers.get("x-response-hash") },
      payment,
    };
  }

  /** Trust on first use: every later response must come from the key that signed the first one. */
  private pinSigner(check: ResponseSignatureCheck): ResponseSignatureCheck {
    if (check.status !== "valid") return check;
    this.firstSigner ??= check.signer;
    if (check.signer.toLowerCase() === this.firstSigner.toLowerCase()) return check;
    return { status: "invalid", signer: check.signer, reason: `signed by ${check.signer}, but this session's first response was signed by ${this.firstSigner}` };
  }
}
