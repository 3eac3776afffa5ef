import { describe, expect, it } from "vitest";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { suiteService } from "../support/suite-service.js";

describe.skipIf(!SHARED_PRESENT)("discovery documents", () => {
  const service = suiteService();

  it("publishes /.well-known/x402 with every paid route's public URL", async () => {
    const res = await service().app.request("/.well-known/x402");
    const body = (await res.json()) as { version: number; resources: string[] };
    expect(body.version).toBe(1);
    expect(body.resources).toContain("http://precedent.test/get_latest_price");
    expect(body.resources).not.toContain("http://precedent.test/verify_signature");
  });

  it("publishes an RFC 9727 api-catalog, and answers HEAD with the Link header", async () => {
    const res = await service().app.request("/.well-known/api-catalog");
    expect(res.headers.get("content-type")).toContain("application/linkset+json");
    const body = (await res.json()) as { linkset: { "service-desc": { href: string }[] }[] };
    expect(body.linkset[0]["service-desc"][0].href).toBe("http://precedent.test/openapi.json");
    const head = await service().app.request("/.well-known/api-catalog", { method: "HEAD" });
    expect(head.headers.get("link")).toContain('rel="api-catalog"');
  });

  it("describes payment terms in /openapi.json from the route catalog", async () => {
    const doc = (await (await service().app.request("/openapi.json")).json()) as {
      openapi: string;
      paths: Record<string, Record<string, { "x-payment-info"?: { price: { amount: string }; protocols: { x402?: { amount: string; payTo: string } }[] } }>>;
    };
    expect(doc.openapi).toBe("3.1.0");
    const info = doc.paths["/get_price_history"].post["x-payment-info"]!;
    expect(info.price.amount).toBe("0.005");
    expect(info.protocols[0].x402).toMatchObject({ amount: "5000", payTo: service().payTo });
    expect(doc.paths["/verify_signature"].post["x-payment-info"]).toBeUndefined();
  });

  it("serves /docs and its assets locally, and /llms.txt", async () => {
    const page = await service().app.request("/docs");
    expect(await page.text()).toContain('<script src="/docs/init.js">');
    expect(await (await service().app.request("/docs/init.js")).text()).toContain("/openapi.json");
    const asset = await service().app.request("/docs/assets/swagger-ui-bundle.js");
    expect(asset.status).toBe(200);
    expect((await service().app.request("/docs/assets/..%2Fpackage.json")).status).toBe(404);
    const llms = await (await service().app.request("/llms.txt")).text();
    expect(llms).toContain("/get_latest_price ($0.001)");
  });

  it("exposes payment and signature headers to browsers", async () => {
    const res = await service().app.request("/llms.txt", { headers: { origin: "https://agent.example" } });
    const exposed = res.headers.get("access-control-expose-headers") ?? "";
    for (const header of ["PAYMENT-REQUIRED", "PAYMENT-RESPONSE", "X-Response-Signature"]) expect(exposed).toContain(header);
  });
});
