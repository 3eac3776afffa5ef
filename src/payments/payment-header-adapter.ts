import type { HTTPAdapter } from "@x402/core/server";
import type { PaymentProtocol, ProtocolTaggedAdapter } from "./payment-protocol.js";

/**
 * A request's own x402 adapter, except that PAYMENT-SIGNATURE reads as `paymentSignature` (absent when
 * undefined, X-PAYMENT too), and that it answers as an API call, never as a browser wanting the paywall page.
 * x402 core reads the payment from the adapter, so this is how a payment is replaced for it: an MPP
 * credential converted to the x402 payment it is equivalent to (tagged `mpp` for the ledger hooks), a payment
 * whose echo was aligned with the method served (route-binding.ts), or none at all, to ask for the quote.
 */
export class PaymentHeaderAdapter implements HTTPAdapter, ProtocolTaggedAdapter {
  readonly paymentProtocol: PaymentProtocol;

  constructor(
    private readonly inner: HTTPAdapter,
    private readonly paymentSignature: string | undefined,
    protocol?: PaymentProtocol,
  ) {
    // An adapter that was already tagged (an MPP conversion re-read here) keeps its tag.
    this.paymentProtocol = protocol ?? (inner as Partial<ProtocolTaggedAdapter>).paymentProtocol ?? "x402";
  }

  getHeader(name: string): string | undefined {
    const lower = name.toLowerCase();
    if (lower === "payment-signature") return this.paymentSignature;
    if (lower === "x-payment") return undefined;
    return this.inner.getHeader(name);
  }
  getMethod(): string {
    return this.inner.getMethod();
  }
  getPath(): string {
    return this.inner.getPath();
  }
  getUrl(): string {
    return this.inner.getUrl();
  }
  getAcceptHeader(): string {
    return "application/json";
  }
  getUserAgent(): string {
    return this.inner.getUserAgent();
  }
  getQueryParams(): Record<string, string | string[]> {
    return this.inner.getQueryParams?.() ?? {};
  }
  getQueryParam(name: string): string | string[] | undefined {
    return this.inner.getQueryParam?.(name);
  }
  async getBody(): Promise<unknown> {
    return this.inner.getBody?.();
  }
}
