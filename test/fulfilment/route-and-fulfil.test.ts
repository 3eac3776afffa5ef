import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { recoverMessageAddress } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeContract } from "../../src/contracts/fulfilment/route.js";
import { Fulfilments } from "../../src/storage/repos/fulfilments.js";
import { routeHarness, routePath } from "../support/route-harness.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";
import { decodeHeader } from "../support/test-payer.js";
import { suiteService } from "../support/suite-service.js";
import { redoclyErrors } from "../support/redocly-lint.js";

type Body = Record<string, any>;

/**
 * /api/route end to end: a stock x402 seller on loopback, paid by our route wallet on the embedded chain,
 * while the caller pays us with the stock x402 client. Every balance involved is read from the chain.
 */
describe.skipIf(!SHARED_PRESENT)("route-and-fulfil against a stock x402 seller", () => {
  const h = routeHarness();
  const fulfilments = () => new Fulfilments(h().service.database.db);

  /** Balances of caller, seller, route wallet and our pay-to, in that order. */
  const balances = async () => {
    const { payer, seller, routeWallet, service, balance } = h();
    return Promise.all([payer.balance(), balance(seller.payTo), balance(routeWallet), balance(service.payTo)]);
  };
  const delta = (after: bigint[], before: bigint[]) => after.map((v, i) => v - before[i]);

  it("quotes the seller's price plus 5% in its own 402, without paying anyone", async () => {
    const { service, seller } = h();
    const before = await balances();
    const res = await service.app.request(routePath(seller, "/weather", { params: '{"city":"Paris"}' }), { method: "POST" });
    expect(res.status).toBe(402);
    const required = decodeHeader<{ accepts: { amount: string; payTo: string }[] }>(res.headers.get("payment-required"));
    expect(required.accepts[0]).toMatchObject({ amount: "10500", payTo: service.payTo });
    expect(delta(await balances(), before)).toEqual([0n, 0n, 0n, 0n]);
    expect(seller.served).toBe(0);
  });

  it("pays the seller once and charges the caller seller price + 5% once, relaying body and receipt in a signed 200", async () => {
    const { payer, seller, service, routeWallet } = h();
    const servedBefore = seller.served;
    const before = await balances();
    const res = await payer.pay(routePath(seller, "/weather", { params: '{"city":"Paris"}' }));
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = JSON.parse(text) as Body;
    expect(body.seller).toMatchObject({ status: 200, method: "GET", body_encoding: "json", body: { city: "Paris", temperature_c: 11.5 } });
    expect(body.seller.url).toBe(`${seller.baseUrl}/weather?city=Paris`);
    expect(body.payment).toMatchObject({
      seller_amount_atomic: "10000",
      charged_atomic: "10500",
      charged_usd: 0.0105,
      fee_usd: 0.0005,
      seller_pay_to: seller.payTo,
      route_wallet: routeWallet,
      network: "eip155:8453",
    });
    expect(body.payment.seller_transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(body.payment.seller_receipt).toMatchObject({ success: true, transaction: body.payment.seller_transaction, payer: routeWallet });
    // Our signature covers the relayed body and receipt.
    const digest = res.headers.get("x-response-hash")!.replace("sha256=", "0x") as `0x${string}`;
    const signer = await recoverMessageAddress({ message: { raw: digest }, signature: res.headers.get("x-response-signature") as `0x${string}` });
    expect(signer).toBe(service.signer.address);
    expect(delta(await balances(), before)).toEqual([-10500n, 10000n, -10000n, 10500n]);
    expect(seller.served - servedBefore).toBe(1);
    const record = await fulfilments().byRequestId(body.request_id);
    expect(record).toMatchObject({
      outcome: "delivered",
      sellerUrl: `${seller.baseUrl}/weather?city=Paris`,
      sellerAmountAtomic: "10000",
      callerQuoteAtomic: "10500",
      sellerTransaction: body.payment.seller_transaction,
      sellerStatus: 200,
      payer: payer.account.address,
    });
  });

  it("POST sends the seller parameters as a JSON body", async () => {
    const { payer, seller } = h();
    const res = await payer.pay("/api/route", "POST", {
      body: JSON.stringify({ url: `${seller.baseUrl}/report`, method: "POST", params: { topic: "gold", depth: 2 } }),
      headers: { "content-type": "application/json" },
    });
    const body = (await res.json()) as Body;
    expect(res.status).toBe(200);
    expect(body.seller.body).toEqual({ report: "ok", asked: { topic: "gold", depth: 2 } });
  });

  it("a replayed caller payment is refused before the seller is paid again", async () => {
    const { payer, seller, service } = h();
    const path = routePath(seller, "/weather", { params: '{"city":"Oslo"}' });
    const header = await payer.paymentFor(path);
    const servedBefore = seller.served;
    const before = await balances();
    const send = () => service.app.request(path, { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
    // Three at once with one payment: one is served, the others are refused at verification.
    const concurrent = await Promise.all([send(), send(), send()]);
    expect(concurrent.map((r) => r.status).sort()).toEqual([200, 402, 402]);
    expect((await send()).status).toBe(402);
    expect(seller.served - servedBefore).toBe(1);
    expect(delta(await balances(), before)).toEqual([-10500n, 10000n, -10000n, 10500n]);
  });

  it("the seller failing after payment: 502 SELLER_FAILED, nobody charged, recorded", async () => {
    const { payer, seller } = h();
    const before = await balances();
    seller.paidStatus = 500;
    let res: Response;
    try {
      res = await payer.pay(routePath(seller, "/weather"));
    } finally {
      seller.paidStatus = 200;
    }
    const body = (await res.json()) as Body;
    expect([res.status, body.error.code]).toEqual([502, "SELLER_FAILED"]);
    expect(body.error.details[0]).toMatchObject({ param: "url", issue: expect.stringContaining("the seller answered 500 after payment") });
    expect(res.headers.get("payment-response")).toBeNull();
    // The stock seller does not settle a request it failed; we do not settle the caller.
    expect(delta(await balances(), before)).toEqual([0n, 0n, 0n, 0n]);
    expect(await fulfilments().byRequestId(body.error.request_id)).toMatchObject({ outcome: "seller_failed", sellerStatus: 500, sellerAmountAtomic: "10000", sellerTransaction: null });
  });

  it("the seller failing before payment: at the quote a 422 and no 402; at the purchase a 502, nobody charged", async () => {
    const { payer, seller, service } = h();
    const broken = await service.app.request(routePath(seller, "/broken"), { method: "POST" });
    const brokenBody = (await broken.json()) as Body;
    expect([broken.status, brokenBody.error.details[0].param]).toEqual([422, "url"]);
    expect(brokenBody.error.message).toContain("answered 500 without payment");

    const before = await balances();
    const path = routePath(seller, "/weather");
    const header = await payer.paymentFor(path);
    // The paid request's own quote still sees the 402; the route wallet's call then meets a 503.
    seller.script("$0.01", 503);
    const res = await service.app.request(path, { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
    const body = (await res.json()) as Body;
    expect([res.status, body.error.code]).toEqual([502, "SELLER_FAILED"]);
    expect(delta(await balances(), before)).toEqual([0n, 0n, 0n, 0n]);
    expect(await fulfilments().byRequestId(body.error.request_id)).toMatchObject({ outcome: "not_offered", sellerStatus: 503 });
  });

  it("a seller price raised above the quote between quote and purchase: nothing paid, caller not charged", async () => {
    const { payer, seller, service } = h();
    const path = routePath(seller, "/weather");
    const header = await payer.paymentFor(path);
    const before = await balances();
    seller.script("$0.01", "$0.02");
    try {
      const res = await service.app.request(path, { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
      const body = (await res.json()) as Body;
      expect([res.status, body.error.code]).toEqual([502, "SELLER_FAILED"]);
      expect(body.error.details[0].issue).toContain("the seller now asks $0.02, more than your quote of $0.0105 covers");
      expect(await fulfilments().byRequestId(body.error.request_id)).toMatchObject({ outcome: "price_changed", sellerAmountAtomic: "20000", sellerTransaction: null });
    } finally {
      seller.price = "$0.01";
    }
    expect(delta(await balances(), before)).toEqual([0n, 0n, 0n, 0n]);
  });

  it("a seller price changed between our 402 and the paid call: the payment no longer matches the new quote (402), nobody paid", async () => {
    const { payer, seller, service } = h();
    const path = routePath(seller, "/weather");
    const header = await payer.paymentFor(path);
    const before = await balances();
    const servedBefore = seller.served;
    seller.script("$0.02");
    try {
      const res = await service.app.request(path, { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
      expect(res.status).toBe(402);
      expect(decodeHeader<{ accepts: { amount: string }[] }>(res.headers.get("payment-required")).accepts[0].amount).toBe("21000");
    } finally {
      seller.price = "$0.01";
    }
    expect(delta(await balances(), before)).toEqual([0n, 0n, 0n, 0n]);
    expect(seller.served).toBe(servedBefore);
  });

  it("is documented: dynamic x-payment-info, Redocly-clean, its example valid against its schema", async () => {
    const { service } = h();
    const text = await (await service.app.request("/openapi.json")).text();
    const doc = JSON.parse(text) as Body;
    const post = doc.paths["/api/route"].post;
    expect(post["x-payment-info"]).toMatchObject({ price: { mode: "dynamic", currency: "USD" } });
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(["200", "402", "422", "502", "503"]));
    expect((await redoclyErrors(text)).filter((line) => line.includes("~1api~1route"))).toEqual([]);
    expect(routeContract.response.safeParse(routeContract.example.response).success).toBe(true);
  });

  it("refuses, before any 402, sellers it cannot buy from", async () => {
    const { service, seller } = h();
    const cases: Array<[string, RegExp]> = [
      [routePath(seller, "/free"), /answered 200 without payment/],
      [routePath(seller, "/testnet"), /the seller accepts exact on eip155:84532 .*only exact EIP-3009 payments in USDC on Base/],
      [routePath(seller, "/v1"), /x402 v1/],
      [`/api/route?url=${encodeURIComponent("http://precedent.test/get_latest_price")}`, /names this service/],
    ];
    seller.price = "$9.60";
    try {
      cases.push([routePath(seller, "/weather"), /the seller asks \$9\.60; with our 5% fee that is \$10\.08, above the \$10\.00 cap of \/api\/route/]);
      for (const [path, message] of cases) {
        const res = await service.app.request(path, { method: "POST" });
        const body = (await res.json()) as Body;
        expect([path, res.status, body.error.details?.[0]?.param]).toEqual([path, 422, "url"]);
        expect(body.error.message).toMatch(message);
      }
    } finally {
      seller.price = "$0.01";
    }
  });
});

/** Private, loopback and metadata targets are refused before any connection; a local listener counts what reaches it. */
describe.skipIf(!SHARED_PRESENT)("route-and-fulfil's loss guard", () => {
  const h = routeHarness();
  const log = () => new Fulfilments(h().service.database.db);
  /** A purchase the route wallet paid for and that was not delivered, as the service records one. */
  const loss = async (requestId: string, sellerUrl: string, amountAtomic: string, transaction: string | null) => {
    await log().open({ requestId, createdAtMs: Date.now(), payer: null, sellerUrl, sellerMethod: "GET", callerQuoteAtomic: "0" });
    await log().finish(requestId, { outcome: "seller_failed", sellerAmountAtomic: amountAtomic, sellerPayTo: null, sellerTransaction: transaction, sellerStatus: 500, detail: "test data", finishedAtMs: Date.now() });
  };

  it("refuses a seller whose receipt shows it settled a payment it did not deliver, then pauses at the daily loss cap", async () => {
    const { service, seller } = h();
    const path = routePath(seller, "/weather");
    expect((await service.app.request(path, { method: "POST" })).status).toBe(402);

    // Another seller on record: settled our payment, answered 500. It is refused; this seller is not.
    await loss("r-other", "https://other.example/x", "1000000", "0xabc");
    expect((await service.app.request(path, { method: "POST" })).status).toBe(402);
    const other = await service.app.request(`/api/route?url=${encodeURIComponent("https://other.example/x")}&method=GET`, { method: "POST" });
    expect(other.status).toBe(422);

    // $19 more of undelivered purchases: $20 in 24 h reaches the cap, and every quote is paused with Retry-After.
    await loss("r-cap", `${seller.baseUrl}/y`, "19000000", null);
    const paused = await service.app.request(path, { method: "POST" });
    expect([paused.status, ((await paused.json()) as Body).error.code]).toEqual([503, "UPSTREAM_UNAVAILABLE"]);
    expect(Number(paused.headers.get("retry-after"))).toBeGreaterThan(86_000);
  });
});

describe.skipIf(!SHARED_PRESENT)("route-and-fulfil never reaches private addresses", () => {
  const h = routeHarness();
  let trap: Server;
  let hits = 0;
  let trapPort = 0;
  beforeAll(async () => {
    trap = createServer((_req, res) => {
      hits += 1;
      res.writeHead(402).end();
    });
    await new Promise<void>((resolve) => trap.listen(0, "127.0.0.1", resolve));
    trapPort = (trap.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => trap.close(() => resolve())));

  it("answers 422 naming url for every private, metadata or rebinding target, and nothing reaches the listener", async () => {
    const { service, seller } = h();
    const targets = [
      `http://localhost:${trapPort}/x`,
      `http://[::ffff:127.0.0.1]:${trapPort}/x`,
      `http://127.0.0.1.nip.io:${trapPort}/x`,
      "https://rebind.example.com/x",
      "https://metadata.example.com/latest/meta-data/",
      "https://169.254.169.254/latest/meta-data/",
      "https://metadata.google.internal/computeMetadata/v1/",
      "https://[fd00:ec2::254]/latest/",
      // An allowed seller redirecting to a private address: the hop is checked too.
      `${seller.baseUrl}/redirect?to=${encodeURIComponent(`http://localhost:${trapPort}/x`)}`,
    ];
    for (const url of targets) {
      const res = await service.app.request(`/api/route?url=${encodeURIComponent(url)}`, { method: "POST" });
      const body = (await res.json()) as Body;
      expect([url, res.status, body.error.details?.[0]?.param]).toEqual([url, 422, "url"]);
      expect(body.error.message).toContain("refused");
    }
    expect(hits).toBe(0);
  });
});

describe.skipIf(!SHARED_PRESENT)("route-and-fulfil without a route wallet", () => {
  const service = suiteService();

  it("is not mounted, listed in /.well-known/x402, nor documented in /openapi.json", async () => {
    const res = await service().app.request("/api/route?url=https%3A%2F%2Fseller.example.com%2Fx", { method: "POST" });
    expect(res.status).toBe(404);
    const index = (await (await service().app.request("/.well-known/x402")).json()) as Body;
    expect(index.resources.length).toBeGreaterThan(10);
    expect(index.resources.filter((url: string) => url.endsWith("/api/route"))).toEqual([]);
    const openapi = (await (await service().app.request("/openapi.json")).json()) as Body;
    expect(Object.keys(openapi.paths)).not.toContain("/api/route");
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
