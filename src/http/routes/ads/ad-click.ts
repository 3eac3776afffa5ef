import type { OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "../../../domain/app-error.js";
import type { AdServer } from "../../../services/ads/ad-server.js";
import type { AppEnv } from "../../app-env.js";

/**
 * GET /api/ads/click?id=<impression_id>: a 302 to the stored url of that impression's campaign, and only
 * there (no destination is read from the request, so it cannot be an open redirect); an unknown id is a 404.
 * Not an operation (its answer is a redirect, not a JSON body), so it registers itself like the discovery routes.
 */
export function registerAdClickRoute(ads: AdServer): (app: OpenAPIHono<AppEnv>) => void {
  return (app) => {
    app.get("/api/ads/click", async (c) => {
      const id = c.req.query("id") ?? "";
      // HEAD (link checkers, prefetchers) sees the same redirect but is not a click.
      const destination = await ads.click(id, { count: c.req.method !== "HEAD" });
      if (destination === undefined) throw new AppError("NOT_FOUND", "No such sponsored impression; click_url comes from a served item");
      c.header("Cache-Control", "no-store");
      return c.redirect(destination, 302);
    });
  };
}
