import { encodePaymentRequiredHeader } from "@x402/core/http";
import { describe, expect, it } from "vitest";
import { callerPriceAtomic, sellerTermsOf } from "./seller-terms.js";
import { USDC_ADDRESS } from "./usdc-on-base.js";

const offer = (over: Record<string, unknown> = {}) => ({
  scheme: "exact",
  network: "eip155:8453",
  asset: USDC_ADDRESS,
  amount: "10000",
  payTo: "0x2222222222222222222222222222222222222222",
  maxTimeoutSeconds: 60,
  extra: { name: "USD Coin", version: "2" },
  ...over,
});
const headersFor = (accepts: object[]) => ({
  "payment-required": encodePaymentRequiredHeader({ x402Version: 2, resource: { url: "https://seller.example.com/x" }, accepts } as never),
});
const empty = new Uint8Array();

describe("route-and-fulfil seller terms", () => {
  it("adds 5% and rounds up to the atomic unit, never down", () => {
    expect([1n, 20n, 333n, 10_000n, 9_523_809n, 9_523_810n].map(callerPriceAtomic)).toEqual([2n, 21n, 350n, 10_500n, 10_000_000n, 10_000_001n]);
  });

  it("picks the cheapest exact EIP-3009 USDC-on-Base offer and ignores the rest", () => {
    const terms = sellerTermsOf(
      headersFor([
        offer({ amount: "5000", network: "eip155:84532" }),
        offer({ amount: "6000", extra: { name: "USD Coin", version: "2", assetTransferMethod: "permit2" } }),
        offer({ amount: "9000" }),
        offer({ amount: "8000", asset: USDC_ADDRESS.toLowerCase() }),
      ]),
      empty,
    );
    expect(terms.kind === "terms" && terms.requirement.amount).toBe("8000");
  });

  it("names why a seller cannot be bought from", () => {
    const reason = (headers: Record<string, string>, body = empty) => {
      const terms = sellerTermsOf(headers, body);
      return terms.kind === "refused" ? terms.reason : "accepted";
    };
    expect(reason(headersFor([offer({ scheme: "upto" })]))).toMatch(/accepts upto on eip155:8453 .* only exact EIP-3009 payments/);
    expect(reason(headersFor([offer({ amount: "0" })]))).toMatch(/only exact EIP-3009 payments/);
    expect(reason({}, new TextEncoder().encode('{"x402Version":1,"accepts":[]}'))).toMatch(/x402 v1/);
    expect(reason({})).toMatch(/no PAYMENT-REQUIRED header/);
    expect(reason({ "payment-required": "%%%" })).toMatch(/not base64 JSON/);
  });
});
