/**
 * Bundles the page for people (web/: its TypeScript, the charting library, the x402 browser client and viem)
 * into build/web/ with esbuild: one app.js (ES module, browser target) plus the page's own index.html and
 * style.css, served by the service at `/` and `/web/*`. Run by scripts/build.mjs, so `npm install` (prepare)
 * and `npm start` (prestart, when stale) build it with no extra command; tests build it on demand.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const WEB_SOURCE = path.join(root, "web");
export const WEB_OUTPUT = path.join(root, "build", "web");
/** Files copied as they are; everything else the page loads is in app.js. */
const STATIC_FILES = ["index.html", "track-record.html", "style.css", "preview.png"];
/** One bundle per page: the search at `/`, the track record at `/track-record`. */
const ENTRIES = [
  ["main.ts", "app.js"],
  ["track-record.ts", "track-record.js"],
];

export async function buildWeb(outDir = WEB_OUTPUT) {
  // Built aside and renamed into place: a test building on demand must never serve half a bundle.
  const partial = `${outDir}.${process.pid}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  for (const [entry, out] of ENTRIES) await bundle(path.join(WEB_SOURCE, "src", entry), path.join(partial, out));
  for (const file of STATIC_FILES) fs.copyFileSync(path.join(WEB_SOURCE, file), path.join(partial, file));
  // Swapped in with two renames, so the folder is missing only between them.
  const previous = `${outDir}.${process.pid}.previous`;
  if (fs.existsSync(outDir)) fs.renameSync(outDir, previous);
  try {
    fs.renameSync(partial, outDir);
  } catch (error) {
    // Another build (a parallel test file) put its own, identical, output there first.
    if (!fs.existsSync(outDir)) throw error;
  }
  fs.rmSync(partial, { recursive: true, force: true });
  fs.rmSync(previous, { recursive: true, force: true });
}

async function bundle(entry, outfile) {
  const { build } = await import("esbuild");
  await build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["es2022", "chrome111", "firefox111", "safari16"],
    minify: true,
    sourcemap: "linked",
    legalComments: "linked",
    logLevel: "warning",
    define: { "process.env.NODE_ENV": '"production"' },
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildWeb();
  console.log(`build-web: ${path.relative(root, WEB_OUTPUT)} in ${(performance.now() - started).toFixed(0)} ms`);
}
