import { checkEndpointSchema } from "@agentcash/discovery";
import { generatePrivateKey } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { ROUTE_CATALOG } from "../../src/contracts/route-catalog.js";
import { floorUsd } from "../../src/payments/dynamic-price-floor.js";
import { usdToAtomic } from "../../src/payments/usdc-on-base.js";
import { loopbackService } from "../support/loopback-service.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { createTestPayer, decodeHeader } from "../support/test-payer.js";

type Required = {
  resource: { url: string; description: string };
  accepts: { amount: string }[];
  extensions: { bazaar: { info: { input: Record<string, unknown> }; schema: { properties: { input: { properties: Record<string, unknown> } } } } };
};

const DYNAMIC = ROUTE_CATALOG.filter((r) => r.price.kind === "dynamic");

/**
 * Probes see every price (issue 35.2): a bare GET or POST of a dynamically priced route is a 402 quoting its
 * minimum with the pricing rule, which `@agentcash/discovery`'s `checkEndpointSchema` (x402scan's validator,
 * unmodified) reads as a paid method; a GET's bazaar input is its query string; CORS lets v1 clients send X-PAYMENT.
 */
describe.skipIf(!SHARED_PRESENT)("probes of dynamically priced routes", () => {
  // With a route wallet, /api/route is mounted too: every dynamic route of the catalog is served.
  const loopback = loopbackService({ env: { ROUTE_WALLET_PRIVATE_KEY: generatePrivateKey() } });

  it("serves every dynamic route of the catalog (sponsor, campaign, route)", () => {
    expect(DYNAMIC.map((r) => r.path).sort()).toEqual(["/api/ads/campaign", "/api/arena/sponsor", "/api/route"]);
  });

  for (const route of DYNAMIC) {
    if (route.price.kind !== "dynamic") continue;
    const price = route.price;
    it(`${route.path}: a bare GET, POST or POST {} is a 402 at the minimum, with the rule in the description`, async () => {
      const calls: RequestInit[] = [{ method: "GET" }, { method: "POST" }, { method: "POST", body: "{}", headers: { "content-type": "application/json" } }];
      for (const init of calls) {
        const res = await loopback.service().app.request(route.path, init);
        expect([init.method, init.body, res.status]).toEqual([init.method, init.body, 402]);
        const required = decodeHeader<Required>(res.headers.get("payment-required"));
        expect(required.accepts[0].amount).toBe(usdToAtomic(floorUsd(price)));
        expect(required.resource.description).toContain(price.rule);
        expect(required.resource.description).toContain("without parameters");
      }
    });

    it(`${route.path}: checkEndpointSchema finds GET and POST paid, with their input schemas`, async () => {
      const result = await checkEndpointSchema({ url: `${loopback.base()}${route.path}`, probe: true });
      expect(result.found).toBe(true);
      const advisories = result.found ? result.advisories : [];
      const byMethod = new Map(advisories.map((a) => [a.method, a]));
      for (const method of ["GET", "POST"] as const) {
        expect(byMethod.get(method)?.authMode, method).toBe("paid");
        expect(byMethod.get(method)?.inputSchema, method).toBeDefined();
      }
    });
  }

  it("a payment of the floor on a bare call buys nothing: 422, uncharged", async () => {
    const payer = await createTestPayer(loopback.service());
    const header = await payer.paymentFor("/api/arena/sponsor", "POST");
    const res = await loopback.service().app.request("/api/arena/sponsor", { method: "POST", headers: { "PAYMENT-SIGNATURE": header } });
    expect(res.status).toBe(422);
    expect(await payer.balance()).toBe(10_000_000n);
  });

  it("a GET's 402 declares its input as {method: GET, queryParams}, a POST's as a JSON body", async () => {
    const quote = async (method: string) =>
      decodeHeader<Required>((await loopback.service().app.request("/get_latest_price?ticker=AAPL", { method })).headers.get("payment-required")).extensions.bazaar;
    const get = await quote("GET");
    expect(get.info.input).toEqual({ type: "http", method: "GET", queryParams: expect.objectContaining({ ticker: expect.any(String) }) });
    expect(Object.keys(get.schema.properties.input.properties).sort()).toEqual(["method", "queryParams", "type"]);
    const post = await quote("POST");
    expect(post.info.input).toMatchObject({ type: "http", method: "POST", bodyType: "json", body: expect.objectContaining({ ticker: expect.any(String) }) });
  });

  it("lets a browser send X-PAYMENT (x402 v1) as well as PAYMENT-SIGNATURE", async () => {
    const res = await loopback.service().app.request("/get_latest_price", {
      method: "OPTIONS",
      headers: { Origin: "https://agent.example", "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "x-payment, payment-signature" },
    });
    expect(res.status).toBe(204);
    const allowed = (res.headers.get("access-control-allow-headers") ?? "").toLowerCase().split(/\s*,\s*/);
    expect(allowed).toEqual(expect.arrayContaining(["x-payment", "payment-signature", "authorization"]));
  });
});
