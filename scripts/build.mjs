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
 * from source and from dist.
 * Files are transpiled one to one by esbuild (no bundling, packages stay in node_modules); type checking
 * stays with `npm run typecheck`.
 */
import fs from "node:fs";
import path from "node:path";
import { dist, filesUnder, isStale, root, stamp, TRANSPILE_OPTIONS } from "./build-stamp.mjs";
import { buildKeccakWasm, buildWasm, KECCAK_OUTPUT, WASM_OUTPUT } from "./build-wasm.mjs";
import { buildWeb, WEB_OUTPUT } from "./build-web.mjs";

async function build() {
  const started = performance.now();
  await buildWasm();
  await buildKeccakWasm();
  await buildWeb();
  const { build: esbuild } = await import("esbuild");
  const sources = filesUnder(path.join(root, "src"));
  fs.rmSync(dist, { recursive: true, force: true });
  await esbuild({
    entryPoints: sources.filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts")),
    ...TRANSPILE_OPTIONS,
  });
  // Runtime files that are not TypeScript: the worker bootstrap (.mjs) and JSON imports.
  for (const file of sources.filter((f) => /\.(mjs|json)$/.test(f))) {
    const target = path.join(dist, path.relative(root, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }
  for (const output of [WASM_OUTPUT, KECCAK_OUTPUT]) {
    if (!fs.existsSync(output)) continue;
    const target = path.join(dist, path.relative(root, output));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(output, target);
  }
  fs.cpSync(WEB_OUTPUT, path.join(dist, path.relative(root, WEB_OUTPUT)), { recursive: true });
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
  console.log(`build: dist/, ${path.relative(root, WASM_OUTPUT)} and ${path.relative(root, WEB_OUTPUT)} in ${(performance.now() - started).toFixed(0)} ms`);
}

if (process.argv.includes("--if-stale") && !isStale()) {
  console.log("build: dist/ is up to date");
} else {
  await build();
}
