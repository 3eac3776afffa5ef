import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { ROUTE_CATALOG } from "../../../contracts/route-catalog.js";
import type { AppEnv } from "../../app-env.js";
import type { RouteModule } from "../../route-module.js";
import { buildOpenApiDocument } from "./openapi-document.js";
import type { PaymentTerms } from "./payment-info.js";
import { llmsText } from "./llms-text.js";

export interface DiscoveryOptions extends PaymentTerms {
  publicBaseUrl: string;
  version: string;
  operations: readonly RouteModule[];
}

// The docs page is served from the swagger-ui-dist package, so it works without any CDN.
const SWAGGER_ASSETS = new Map([
  ["swagger-ui.css", "text/css; charset=utf-8"],
  ["swagger-ui-bundle.js", "application/javascript; charset=utf-8"],
]);

/** `/openapi.json`, `/docs`, `/.well-known/x402`, `/.well-known/api-catalog` and `/llms.txt`, all free. */
export function registerDiscoveryRoutes(options: DiscoveryOptions): (app: OpenAPIHono<AppEnv>) => void {
  return (app) => {
    // Built and serialised once (about 0.9 MB); compression.ts keeps its encoded forms.
    let openApiText: string | undefined;
    app.get("/openapi.json", (c) => {
      openApiText ??= JSON.stringify(buildOpenApiDocument(app, options.operations, options));
      return c.body(openApiText, 200, { "content-type": "application/json" });
    });

    app.get("/docs", (c) => c.html(docsPage()));
    // Indexes (x402scan, agentcash discovery) show the origin's icon next to its routes.
    app.on(["GET", "HEAD"], "/favicon.svg", (c) => c.body(FAVICON_SVG, 200, { "content-type": "image/svg+xml", "cache-control": "public, max-age=86400" }));
    // A file rather than an inline script, so the page's CSP can allow scripts from 'self' only.
    app.get("/docs/init.js", (c) => c.body(DOCS_INIT_SCRIPT, 200, { "content-type": "application/javascript; charset=utf-8" }));
    const assetsDir = path.dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
    app.get("/docs/assets/:file", async (c) => {
      const file = c.req.param("file");
      const type = SWAGGER_ASSETS.get(file);
      if (type === undefined) return c.notFound();
      const body = await fs.readFile(path.join(assetsDir, file));
      return c.body(body, 200, { "content-type": type, "cache-control": "public, max-age=86400" });
    });

    const paidUrls = options.operations
      .filter((op) => op.route.price.kind !== "free")
      .map((op) => `${options.publicBaseUrl}${op.route.path}`);
    app.get("/.well-known/x402", (c) =>
      c.json({
        version: 1,
        x402Version: 2,
        resources: paidUrls,
        instructions: `# Precedent\nPay per call with x402 v2 (exact, USDC on Base eip155:8453). Full description: ${options.publicBaseUrl}/openapi.json`,
      }),
    );

    const linkset = {
      linkset: [
        {
          anchor: `${options.publicBaseUrl}/`,
          "service-desc": [{ href: `${options.publicBaseUrl}/openapi.json`, type: "application/vnd.oai.openapi+json;version=3.1" }],
          "service-doc": [{ href: `${options.publicBaseUrl}/docs`, type: "text/html" }],
          "service-meta": [{ href: `${options.publicBaseUrl}/.well-known/x402`, type: "application/json" }],
        },
      ],
    };
    app.on(["GET", "HEAD"], "/.well-known/api-catalog", (c) => {
      c.header("Link", '</.well-known/api-catalog>; rel="api-catalog"');
      c.header("Content-Type", 'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"');
      return c.req.method === "HEAD" ? c.body(null, 200) : c.body(JSON.stringify(linkset), 200);
    });

    app.get("/llms.txt", (c) => c.text(llmsText(options.operations, options.publicBaseUrl, ROUTE_CATALOG.length)));
  };
}

/** A rising price line with one highlighted precedent window. */
const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#0f172a"/>
<rect x="9" y="5" width="9" height="22" fill="#1e3a8a"/><polyline points="3,24 8,18 12,21 16,12 20,15 25,8 29,10" fill="none" stroke="#38bdf8" stroke-width="2.5" stroke-linejoin="round"/></svg>`;
// validatorUrl null: the default badge would load an image from swagger.io, which the CSP (rightly) blocks.
const DOCS_INIT_SCRIPT = `window.ui = SwaggerUIBundle({ url: "/openapi.json", dom_id: "#ui", deepLinking: true, validatorUrl: null });\n`;

function docsPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Precedent API</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/docs/assets/swagger-ui.css"></head>
<body><div id="ui"></div><script src="/docs/assets/swagger-ui-bundle.js"></script>
<script src="/docs/init.js"></script>
</body></html>`;
}
