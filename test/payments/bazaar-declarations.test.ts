import { checkIfBazaarNeeded, x402ResourceServer, type RouteConfig } from "@x402/core/server";
import { validateBazaarRouteExtensions } from "@x402/extensions/bazaar";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { PrevalidatedRoutesServer } from "../../src/payments/prevalidated-routes-server.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { decodeHeader } from "../support/test-payer.js";
import { suiteService } from "../support/suite-service.js";

/** Runs x402's stock start-up check over routes and returns the warnings it prints (it never throws). */
function bazaarWarnings(routes: Record<string, RouteConfig>): string[] {
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  try {
    validateBazaarRouteExtensions(routes);
    return warn.mock.calls.map((call) => String(call[0]));
  } finally {
    warn.mockRestore();
  }
}

/**
 * The bazaar discovery declarations of every paid route, checked here with x402's own validator instead of at
 * every start (see prevalidated-routes-server.ts).
 */
describe.skipIf(!SHARED_PRESENT)("bazaar declarations of the paid routes", () => {
  const service = suiteService();
  let routes: Record<string, RouteConfig>;
  beforeAll(() => {
    routes = service().paymentRoutes as Record<string, RouteConfig>;
  });

  it("declares one on every paid route, and x402's stock validator finds nothing to warn about", () => {
    const paths = Object.keys(routes);
    expect(paths.length).toBeGreaterThan(30);
    expect(paths.filter((path) => routes[path].extensions?.bazaar === undefined)).toEqual([]);
    expect(bazaarWarnings(routes)).toEqual([]);
  });

  it("would be caught by that validator if one were wrong", () => {
    const [path, config] = Object.entries(routes)[0];
    const bazaar = config.extensions!.bazaar as { info: { input: Record<string, unknown> } };
    const broken = { ...bazaar, info: { ...bazaar.info, input: { ...bazaar.info.input, bodyType: "xml" } } };
    const warnings = bazaarWarnings({ [path]: { ...config, extensions: { bazaar: broken } } });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(path);
  });

  it("hides the declarations from the binding's start-up check but still sends them in every 402", async () => {
    const server = new PrevalidatedRoutesServer(new x402ResourceServer(), routes);
    expect(checkIfBazaarNeeded(server.routes)).toBe(false);
    expect(Object.keys(server.routes)).toEqual(Object.keys(routes));
    const res = await service().app.request("/screen?tickers=AAPL", { method: "POST" });
    expect(res.status).toBe(402);
    const required = decodeHeader<{ extensions: { bazaar: { info: { input: { method: string; bodyType: string } } } } }>(res.headers.get("payment-required"));
    expect(required.extensions.bazaar.info.input).toMatchObject({ method: "POST", bodyType: "json" });
  });
});
