/**
 * The build: the WebAssembly search kernels (build-wasm.mjs), the page at `/` bundled from web/ (build-web.mjs)
 * and the service compiled from TypeScript to JavaScript in dist/, so `npm start` runs plain Node instead of
 * compiling TypeScript at every start.
 *
 *   node scripts/build.mjs             always build (npm run build, and `prepare` at npm install)
 *   node scripts/build.mjs --if-stale  build only when a source is newer than the last build (prestart)
 *
 * dist/ mirrors the repository (dist/src/..., dist/build/search-kernels.wasm, dist/build/web/), so paths a
 * module resolves relative to itself (the worker bootstrap, the .wasm, the page, JSON imports) are the same
 * from source and from dist. Files are transpiled one to one by esbuild (build-dist.mjs); beside them,
 * dist/bundle/server.js bundles the server with its packages, what `npm start` runs, because loading ~1,500
 * separate modules was most of the start-up (build-server-bundle.mjs). Type checking stays with
 * `npm run typecheck`.
 */
import fs from "node:fs";
import path from "node:path";
import { buildDist } from "./build-dist.mjs";
import { dist, isStale, root, stamp } from "./build-stamp.mjs";
import { buildKeccakWasm, buildWasm, WASM_OUTPUT } from "./build-wasm.mjs";
import { buildWeb, WEB_OUTPUT } from "./build-web.mjs";

async function build() {
  const started = performance.now();
  await buildWasm();
  await buildKeccakWasm();
  await buildWeb();
  await buildDist(dist);
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
  console.log(`build: dist/, ${path.relative(root, WASM_OUTPUT)} and ${path.relative(root, WEB_OUTPUT)} in ${(performance.now() - started).toFixed(0)} ms`);
}

if (process.argv.includes("--if-stale") && !isStale()) {
  console.log("build: dist/ is up to date");
} else {
  await build();
}
