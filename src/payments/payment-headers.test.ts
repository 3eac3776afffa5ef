import { describe, expect, it } from "vitest";
import { carriesPayment, mppAuthorization, x402PaymentHeader } from "./payment-headers.js";

const reader = (headers: Record<string, string>) => (name: string) => new Headers(headers).get(name) ?? undefined;

describe("payment headers (what the gate verifies, and what the bulkhead holds)", () => {
  it("finds an x402 payment in PAYMENT-SIGNATURE or X-PAYMENT, and none in empty ones", () => {
    expect(x402PaymentHeader(reader({ "PAYMENT-SIGNATURE": "abc" }))).toBe("abc");
    expect(x402PaymentHeader(reader({ "X-PAYMENT": "v1" }))).toBe("v1");
    expect(x402PaymentHeader(reader({ "PAYMENT-SIGNATURE": "", "X-PAYMENT": "" }))).toBeUndefined();
  });

  it("finds an MPP credential among the Authorization header's schemes, in any case", () => {
    expect(mppAuthorization("Payment eyJ")).toBe("Payment eyJ");
    expect(mppAuthorization("Bearer t, payment eyJ")).toBe("Bearer t, payment eyJ");
    expect(mppAuthorization("Basic dXNlcg==")).toBeUndefined();
    expect(mppAuthorization("Payments x")).toBeUndefined();
  });

  it("says a request carries a payment exactly when one of the two does", () => {
    expect(carriesPayment(reader({ "PAYMENT-SIGNATURE": "abc" }))).toBe(true);
    expect(carriesPayment(reader({ authorization: "Bearer t, Payment eyJ" }))).toBe(true);
    expect(carriesPayment(reader({ authorization: "Bearer t", "PAYMENT-SIGNATURE": "" }))).toBe(false);
    expect(carriesPayment(reader({}))).toBe(false);
  });
});
