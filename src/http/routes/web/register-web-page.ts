import fs from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { OpenAPIHono } from "@hono/zod-openapi";
import { AppError } from "../../../domain/app-error.js";
import type { AppEnv } from "../../app-env.js";

/**
 * build/web/, where scripts/build-web.mjs bundles web/ (found the same way from src/ and from dist/src/, as the
 * search kernels' .wasm is). The page calls the public API like any client; nothing here knows what it does.
 */
const WEB_DIR = fileURLToPath(new URL("../../../../build/web/", import.meta.url));

/** The only files served, each with its content type (anything else under /web/ is a 404). */
const CONTENT_TYPES = new Map([
  ["app.js", "text/javascript; charset=utf-8"],
  ["app.js.map", "application/json; charset=utf-8"],
  ["app.js.LEGAL.txt", "text/plain; charset=utf-8"],
  ["style.css", "text/css; charset=utf-8"],
  // The preview image link previews show (og:image): the page's results, from a screenshot of its browser test.
  ["preview.png", "image/png"],
  ["track-record.js", "text/javascript; charset=utf-8"],
  ["track-record.js.map", "application/json; charset=utf-8"],
  ["track-record.js.LEGAL.txt", "text/plain; charset=utf-8"],
]);

/**
 * `/`: the page for people (search a shape, see its precedents, pay from a browser wallet); `/track-record`: the
 * public track record drawn from the free /api/track-record; and their files.
 */
export function registerWebPage(): (app: OpenAPIHono<AppEnv>) => void {
  return (app) => {
    app.on(["GET", "HEAD"], "/", async (c) => c.body(await readBuilt("index.html"), 200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" }));
    app.on(["GET", "HEAD"], "/track-record", async (c) =>
      c.body(await readBuilt("track-record.html"), 200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" }),
    );
    app.on(["GET", "HEAD"], "/web/:file", async (c) => {
      const file = c.req.param("file");
      const type = CONTENT_TYPES.get(file);
      if (type === undefined) return c.notFound();
      return c.body(await readBuilt(file), 200, { "content-type": type, "cache-control": "no-cache" });
    });
  };
}

async function readBuilt(file: string) {
  try {
    return await fs.readFile(path.join(WEB_DIR, file));
  } catch {
    throw new AppError("NOT_FOUND", `The web page is not built (${file} missing): run npm run build`);
  }
}
