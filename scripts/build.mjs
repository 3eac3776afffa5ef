/**
 * The build: the WebAssembly search kernels (build-wasm.mjs) and the service compiled from TypeScript to
 * JavaScript in dist/, so `npm start` runs plain Node instead of compiling TypeScript at every start.
 *
 *   node scripts/build.mjs             always build (npm run build, and `prepare` at npm install)
 *   node scripts/build.mjs --if-stale  build only when a source is newer than the last build (prestart)
 *
 * dist/ mirrors the repository (dist/src/..., dist/build/search-kernels.wasm), so paths a module resolves
 * relative to itself (the worker bootstrap, the .wasm, JSON imports) are the same from source and from dist.
 * Files are transpiled one to one by esbuild (no bundling, packages stay in node_modules); type checking
 * stays with `npm run typecheck`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildWasm, WASM_OUTPUT } from "./build-wasm.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const dist = path.join(root, "dist");
const stamp = path.join(dist, ".build-stamp");
/** Inputs whose change makes the build stale. */
const inputs = ["src", "assembly", "scripts/build.mjs", "scripts/build-wasm.mjs", "package.json", "package-lock.json"];

function filesUnder(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(full));
    else out.push(full);
  }
  return out;
}

function newestInputMs() {
  let newest = 0;
  for (const input of inputs) {
    const full = path.join(root, input);
    if (!fs.existsSync(full)) continue;
    const files = fs.statSync(full).isDirectory() ? filesUnder(full) : [full];
    for (const file of files) newest = Math.max(newest, fs.statSync(file).mtimeMs);
  }
  return newest;
}

function isStale() {
  if (!fs.existsSync(stamp)) return true;
  return newestInputMs() > fs.statSync(stamp).mtimeMs;
}

async function build() {
  const started = performance.now();
  await buildWasm();
  const { build: esbuild } = await import("esbuild");
  const sources = filesUnder(path.join(root, "src"));
  fs.rmSync(dist, { recursive: true, force: true });
  await esbuild({
    entryPoints: sources.filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts")),
    outdir: dist,
    outbase: root,
    format: "esm",
    platform: "node",
    target: "node20.19",
    sourcemap: "linked",
    logLevel: "warning",
  });
  // Runtime files that are not TypeScript: the worker bootstrap (.mjs) and JSON imports.
  for (const file of sources.filter((f) => /\.(mjs|json)$/.test(f))) {
    const target = path.join(dist, path.relative(root, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }
  if (fs.existsSync(WASM_OUTPUT)) {
    const target = path.join(dist, path.relative(root, WASM_OUTPUT));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(WASM_OUTPUT, target);
  }
  fs.writeFileSync(stamp, `${new Date().toISOString()}\n`);
  console.log(`build: dist/ and ${path.relative(root, WASM_OUTPUT)} in ${(performance.now() - started).toFixed(0)} ms`);
}

if (process.argv.includes("--if-stale") && !isStale()) {
  console.log("build: dist/ is up to date");
} else {
  await build();
}
