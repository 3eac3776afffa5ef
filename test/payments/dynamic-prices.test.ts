import { x402Client } from "@x402/core/client";
import { encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentRequired } from "@x402/core/types";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { Challenge, Receipt } from "mppx";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMppPayer } from "../support/mpp-payer.js";
import { startLoopback, type LoopbackServer } from "../support/start-loopback.js";
import { routeHarness, routePath } from "../support/route-harness.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";
import { decodeHeader } from "../support/test-payer.js";

type Body = Record<string, any>;

/**
 * The payment gate on a dynamically priced route, through /api/route (priced from the seller's 402):
 * the quote is validated before any 402, rounded up to the atomic unit, required exactly at verification,
 * payable by MPP as well, never offered on HEAD, and logged with the request.
 */
describe.skipIf(!SHARED_PRESENT)("dynamic prices at the payment gate", () => {
  const h = routeHarness();
  let loopback: LoopbackServer;
  beforeAll(async () => {
    loopback = await startLoopback(h().service);
    // 333 atomic units: + 5% is 349.65, which must be quoted as 350 (never rounded down).
    h().seller.price = "$0.000333";
  });
  afterAll(async () => loopback?.close());

  const path = () => routePath(h().seller, "/weather", { params: '{"city":"Lima"}' });
  const unpaid = (url: string, init: RequestInit = {}) => h().service.app.request(url, { method: "POST", ...init });

  it("the 402 asks exactly the quote in atomic units, rounded up, in both the x402 terms and the MPP challenge", async () => {
    const res = await unpaid(path());
    expect(res.status).toBe(402);
    const required = decodeHeader<PaymentRequired>(res.headers.get("payment-required"));
    expect(required.accepts.map((a) => a.amount)).toEqual(["350"]);
    const [challenge] = Challenge.fromResponseList(res);
    expect(challenge.request.amount).toBe("350");
  });

  it("bad parameters are a 422 naming the parameter, never a 402", async () => {
    const seller = h().seller;
    const cases: Array<[string, string]> = [
      // A bare call (no parameter at all) is quoted the floor instead: see dynamic-price-probes.test.ts.
      ["/api/route?method=GET", "url"],
      [`/api/route?url=${encodeURIComponent("ftp://seller.example.com/x")}`, "url"],
      [routePath(seller, "/weather", { method: "PUT" }), "method"],
      [routePath(seller, "/weather", { params: "not json" }), "params"],
      [routePath(seller, "/weather", { params: '{"nested":{"a":1}}' }), "params"],
    ];
    for (const [url, param] of cases) {
      const res = await unpaid(url);
      const body = (await res.json()) as Body;
      expect([url, res.status, body.error.code, res.headers.get("payment-required")]).toEqual([url, 422, "VALIDATION_FAILED", null]);
      expect(body.error.details.map((d: Body) => d.param)).toContain(param);
    }
  });

  it("a payment signed for a lower amount than the quote is refused, and nobody is paid", async () => {
    const { payer, seller, balance, routeWallet } = h();
    const quote = await unpaid(path());
    const required = decodeHeader<PaymentRequired>(quote.headers.get("payment-required"));
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: payer.account });
    const lower = { ...required, accepts: [{ ...required.accepts[0], amount: "349" }] };
    const header = encodePaymentSignatureHeader(await client.createPaymentPayload(lower));
    const before = [await payer.balance(), await balance(seller.payTo), await balance(routeWallet)];
    const servedBefore = seller.served;
    const res = await unpaid(path(), { headers: { "PAYMENT-SIGNATURE": header } });
    expect(res.status).toBe(402);
    expect([await payer.balance(), await balance(seller.payTo), await balance(routeWallet)]).toEqual(before);
    expect(seller.served).toBe(servedBefore);
  });

  it("an MPP credential for the dynamic amount pays it, and the seller is paid its price", async () => {
    const { service, seller, balance } = h();
    const mpp = await createMppPayer(service, loopback.baseUrl, 1_000_000n);
    const sellerBefore = await balance(seller.payTo);
    const res = await mpp.fetch(path());
    const body = (await res.json()) as Body;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.payment).toMatchObject({ seller_amount_atomic: "333", charged_atomic: "350" });
    expect(Receipt.fromResponse(res).status).toBe("success");
    expect(1_000_000n - (await mpp.balance())).toBe(350n);
    expect((await balance(seller.payTo)) - sellerBefore).toBe(333n);
  });

  it("HEAD is 405 (a price that depends on parameters cannot be quoted without them)", async () => {
    const res = await h().service.app.request(path(), { method: "HEAD" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toContain("POST");
    expect(res.headers.get("payment-required")).toBeNull();
  });

  it("the request log records the quoted price on the 402 and on the paid call", async () => {
    const { service, payer } = h();
    const quote = await unpaid(path());
    const paid = await payer.pay(path());
    expect(paid.status).toBe(200);
    const rows = await service.database.db
      .selectFrom("request_log")
      .select(["request_id", "status", "outcome", "price_usd"])
      .where("request_id", "in", [quote.headers.get("x-request-id")!, paid.headers.get("x-request-id")!])
      .orderBy("status", "desc")
      .execute();
    expect(rows.map((r) => [r.status, r.outcome, r.price_usd])).toEqual([
      [402, "quote", 0.00035],
      [200, "served", 0.00035],
    ]);
  });
});

/** Every call of a dynamic route quotes before any payment is checked (here a call to the seller): each is rate limited like a free route. */
describe.skipIf(!SHARED_PRESENT)("calls of a dynamic route are rate limited, whatever payment header they carry", () => {
  const h = routeHarness({ RATE_LIMIT_FREE_PER_MINUTE: "2" });

  it("serves within the free limit, then answers 429 to a quote and to a junk payment header alike", async () => {
    const { service, seller, payer } = h();
    const path = routePath(seller, "/weather");
    // In-app requests carry no client address, so they all share one bucket of 2: the quote behind the header, the paid call.
    const header = await payer.paymentFor(path);
    const paid = await service.app.request(path, { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
    expect(paid.status).toBe(200);
    const variants: Record<string, string>[] = [{}, { "X-PAYMENT": "x" }, { "PAYMENT-SIGNATURE": header }];
    for (const headers of variants) {
      const limited = await service.app.request(path, { method: "POST", headers });
      expect([limited.status, ((await limited.json()) as Body).error.code]).toEqual([429, "RATE_LIMITED"]);
    }
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
