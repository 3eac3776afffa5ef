import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from "@x402/fetch";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import type { ClientEvmSigner } from "@x402/evm";
import { recoverMessageAddress, sha256, toBytes, toHex } from "viem";

/** What the page shows about one call: its price, its receipt and whether its signature checked out. */
export interface CallRecord {
  route: string;
  status: number;
  /** Atomic USDC (6 decimals) from the 402's requirements; undefined for a free route. */
  priceAtomic?: string;
  receipt?: { success: boolean; transaction: string; network: string; payer?: string };
  signature?: { valid: boolean; detail: string };
  requestId: string | null;
}

/** An answer other than 200, carrying the service's own message (or the payment client's). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** Asked before every payment with the price the service quoted; false declines it. */
export type PriceApproval = (route: string, amountAtomic: string) => Promise<boolean>;

type Params = Record<string, string | number | boolean | undefined>;

/**
 * The public API as any client sees it: the stock x402 browser client pays each 402 (after `approve` saw the
 * price), and every 200 is checked locally against the service's signer (sha256 of the exact body bytes,
 * EIP-191 recovery, the check /verify_signature documents), pinned once from the free /verify_signature.
 */
export class PrecedentApi {
  private readonly payingFetch: typeof fetch;
  private pendingPrice: string | undefined;
  private serviceSigner: Promise<string> | undefined;

  constructor(signer: ClientEvmSigner, approve: PriceApproval, private readonly onRecord: (record: CallRecord) => void) {
    const client = new x402Client();
    registerExactEvmScheme(client, { signer });
    let currentRoute = "";
    client.onBeforePaymentCreation(async ({ selectedRequirements }) => {
      this.pendingPrice = selectedRequirements.amount;
      return (await approve(currentRoute, selectedRequirements.amount)) ? undefined : { abort: true, reason: "You declined the payment" };
    });
    const paying = wrapFetchWithPayment(fetch, client);
    this.payingFetch = (input, init) => {
      currentRoute = new URL(String(input), location.href).pathname;
      return paying(input, init);
    };
  }

  /** POST with the parameters in the query string (the spec's calling convention); the parsed 200 body. */
  async call<T>(path: string, params: Params): Promise<T> {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== "") query.set(name, String(value));
    this.pendingPrice = undefined;
    let res: Response;
    try {
      res = await this.payingFetch(`${path}?${query}`, { method: "POST" });
    } catch (error) {
      throw new ApiError(`${path}: ${(error as Error).message}`, 0, "CLIENT_ERROR");
    }
    const text = await res.text();
    const record: CallRecord = { route: path, status: res.status, priceAtomic: this.pendingPrice, requestId: res.headers.get("X-Request-Id") };
    const settlement = res.headers.get("PAYMENT-RESPONSE");
    if (settlement !== null) record.receipt = decodePaymentResponseHeader(settlement);
    if (res.status === 200) record.signature = await this.checkSignature(text, res.headers);
    this.onRecord(record);
    if (res.status !== 200) throw errorOf(path, res, text);
    return JSON.parse(text) as T;
  }

  private async checkSignature(body: string, headers: Headers): Promise<{ valid: boolean; detail: string }> {
    const signature = headers.get("X-Response-Signature");
    if (signature === null) return { valid: false, detail: "no X-Response-Signature header" };
    const digest = sha256(toBytes(body), "bytes");
    if (headers.get("X-Response-Hash") !== `sha256=${toHex(digest).slice(2)}`) return { valid: false, detail: "X-Response-Hash does not match the body" };
    const expected = await this.signerAddress();
    try {
      const recovered = await recoverMessageAddress({ message: { raw: digest }, signature: signature as `0x${string}` });
      const valid = recovered.toLowerCase() === expected.toLowerCase();
      return { valid, detail: valid ? `signed by ${expected}` : `recovers to ${recovered}, not the service's signer ${expected}` };
    } catch {
      return { valid: false, detail: "not a recoverable signature" };
    }
  }

  /** The service's signing address, from its free /verify_signature (the answer names it whatever we send). */
  private signerAddress(): Promise<string> {
    this.serviceSigner ??= fetch("/verify_signature", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ body: "{}", sig: `0x${"00".repeat(65)}` }),
    })
      .then((res) => res.json())
      .then((answer: { signer: string }) => answer.signer);
    return this.serviceSigner;
  }
}

function errorOf(path: string, res: Response, text: string): ApiError {
  if (res.status === 402) {
    // A payment that was made and refused: the reason is in the PAYMENT-REQUIRED header (x402 v2).
    const header = res.headers.get("PAYMENT-REQUIRED");
    const reason = header === null ? undefined : (JSON.parse(atob(header)) as { error?: string }).error;
    return new ApiError(`${path}: payment refused (${reason ?? "no reason given"})`, 402, "PAYMENT_REFUSED");
  }
  try {
    const body = JSON.parse(text) as { error?: { code: string; message: string } };
    if (body.error !== undefined) return new ApiError(`${path}: ${body.error.message}`, res.status, body.error.code);
  } catch {
    // Not JSON: fall through to the status line.
  }
  return new ApiError(`${path}: HTTP ${res.status}`, res.status, "HTTP_ERROR");
}
