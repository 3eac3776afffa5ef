import { describe, expect, it } from "vitest";
import { suiteService } from "../support/suite-service.js";
import { startTestService } from "../support/test-service.js";

describe("security headers", () => {
  const service = suiteService();

  it("sends nosniff, no-referrer, no framing and a deny-all CSP on every answer, errors and 402s included", async () => {
    const answers = [
      await service().app.request("/llms.txt"),
      await service().app.request("/get_patterns"),
      await service().app.request("/no-such-route"),
      await service().app.request("/verify_signature", { method: "PUT" }),
      await service().app.request("/get_patterns", { method: "OPTIONS", headers: { origin: "https://a.example", "access-control-request-method": "POST" } }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 402, 404, 405, 204]);
    for (const res of answers) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("content-security-policy")).toMatch(/^default-src 'none';.*frame-ancestors 'none'/);
      // Plain http (the test service's public URL): HSTS would be meaningless.
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("lets /docs load Swagger UI from our own origin only, with no inline script", async () => {
    const page = await service().app.request("/docs");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    const html = await page.text();
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
    // Every script and stylesheet the page references is same-origin, served, and of the right type.
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] as string);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      expect(asset.startsWith("/")).toBe(true);
      const res = await service().app.request(asset);
      expect([asset, res.status]).toEqual([asset, 200]);
      const expectedType = asset.endsWith(".css") ? /^text\/css/ : asset.endsWith(".svg") ? /^image\/svg\+xml/ : /^application\/javascript/;
      expect(res.headers.get("content-type")).toMatch(expectedType);
    }
    // The spec it loads is same-origin too (connect-src 'self').
    expect(await (await service().app.request("/docs/init.js")).text()).toContain('url: "/openapi.json"');
  });

  it("sends HSTS when the service is published over https", async () => {
    const https = await startTestService({ env: { PUBLIC_BASE_URL: "https://precedent.example" } });
    try {
      const res = await https.app.request("/llms.txt");
      expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
    } finally {
      await https.close();
    }
  });

  it("keeps the CORS exposure list as it was", async () => {
    const res = await service().app.request("/llms.txt", { headers: { origin: "https://agent.example" } });
    expect(res.headers.get("access-control-expose-headers")).toBe(
      "PAYMENT-REQUIRED,PAYMENT-RESPONSE,WWW-Authenticate,Payment-Receipt,X-Response-Hash,X-Response-Signature,X-Signer,X-Request-Id,Retry-After",
    );
  });
});
