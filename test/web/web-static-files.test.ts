import { beforeAll, describe, expect, it } from "vitest";
import { suiteService } from "../support/suite-service.js";
import { buildWebPage } from "../support/web-page.js";

/** How the service serves the page at `/` (the browser suite, web-page.test.ts, checks what it does). */
describe("the page's files", () => {
  beforeAll(() => buildWebPage());
  const service = suiteService({ importRecordings: false });

  it("serves / and every file it references with its content type, the security headers and a CSP without inline code", async () => {
    const page = await service().app.request("/");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/^default-src 'none';/);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe");
    const html = await page.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/\sstyle="/);

    const types: Record<string, RegExp> = { js: /^text\/javascript/, css: /^text\/css/, svg: /^image\/svg\+xml/ };
    const assets = [...html.matchAll(/(?:src|href)="(\/[^"]*)"/g)].map((m) => m[1] as string).filter((a) => /\.(js|css|svg)$/.test(a));
    expect(assets).toEqual(["/favicon.svg", "/web/style.css", "/web/app.js"]);
    for (const asset of assets) {
      const res = await service().app.request(asset);
      expect([asset, res.status]).toEqual([asset, 200]);
      expect(res.headers.get("content-type")).toMatch(types[asset.split(".").at(-1)!]);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    }
    // The bundle's licences and source map are there; nothing else under /web/ is.
    expect((await service().app.request("/web/app.js.LEGAL.txt")).status).toBe(200);
    expect((await service().app.request("/web/app.js.map")).headers.get("content-type")).toMatch(/^application\/json/);
    // A description and a preview image for link previews.
    expect(html).toMatch(/<meta name="description" content="[^"]{80,}">/);
    expect(html).toContain('<meta property="og:image" content="/web/preview.png">');
    const preview = await service().app.request("/web/preview.png");
    expect([preview.status, preview.headers.get("content-type")]).toEqual([200, "image/png"]);
    expect(Buffer.from(await preview.arrayBuffer()).subarray(1, 4).toString()).toBe("PNG");
    expect((await service().app.request("/web/index.html")).status).toBe(404);
    expect((await service().app.request("/web/..%2Fpackage.json")).status).toBe(404);
    expect((await service().app.request("/", { method: "POST" })).status).toBe(405);
  });

  it("leaves the API's deny-all CSP and the discovery documents where they were", async () => {
    for (const path of ["/openapi.json", "/.well-known/x402", "/.well-known/api-catalog", "/llms.txt", "/docs"]) {
      expect([path, (await service().app.request(path)).status]).toEqual([path, 200]);
    }
    expect((await service().app.request("/openapi.json")).headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
  });

  it("publishes what the page needs in /openapi.json: what universe=all searches and its bound, and /dev/faucet in embedded mode", async () => {
    const doc = (await (await service().app.request("/openapi.json")).json()) as {
      paths: Record<string, { post?: { parameters?: { name: string; schema: { description: string } }[] } }>;
    };
    const universe = doc.paths["/get_patterns"].post!.parameters!.find((p) => p.name === "universe")!;
    expect(universe.schema.description).toContain("at most 1000");
    expect(universe.schema.description).toContain("every series the node holds");
    expect(doc.paths["/dev/faucet"]).toBeDefined();
  });
});
