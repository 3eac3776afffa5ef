import type { MiddlewareHandler } from "hono";
import { WHAT_AGENTS_WANT_POLICY } from "../routes/demand/what-agents-want-page.js";

/** JSON and text answers never load anything, and nothing may frame them. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The docs page runs Swagger UI from our own origin (swagger-ui-dist, no CDN): scripts and the spec only
 * from 'self'; inline styles because Swagger UI renders them; data: images for the icons its CSS embeds.
 */
const DOCS_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "font-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The pages at `/` and `/track-record` (web/, bundled): its own script and stylesheet only, no inline code or styles (the charts set
 * element styles through the DOM, which the CSP allows), canvases only, and calls to this origin only.
 */
const PAGE_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; " +
  "frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const ONE_YEAR_SECONDS = 31_536_000;

/**
 * Security headers on every answer (errors, 402s and preflights included): no MIME sniffing, no referrer,
 * no framing, a CSP that forbids everything on API answers and lets only our own assets run on /docs and on
 * the page at `/`.
 * HSTS only when the public base URL is https: on plain http (localhost) it would mean nothing or worse.
 */
export function securityHeaders(options: { httpsOnly: boolean }): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const docs = c.req.path === "/docs" || c.req.path.startsWith("/docs/");
    const page = c.req.path === "/" || c.req.path === "/track-record" || c.req.path.startsWith("/web/");
    headers.set("Content-Security-Policy", docs ? DOCS_POLICY : page ? PAGE_POLICY : c.req.path === "/what-agents-want" ? WHAT_AGENTS_WANT_POLICY : API_POLICY);
    headers.set("X-Content-Type-Options", "nosniff");
    headers.set("Referrer-Policy", "no-referrer");
    headers.set("X-Frame-Options", "DENY");
    headers.set("Cross-Origin-Opener-Policy", "same-origin");
    if (options.httpsOnly) headers.set("Strict-Transport-Security", `max-age=${ONE_YEAR_SECONDS}; includeSubDomains`);
  };
}
