/**
 * dist/ from what is already built: src/ transpiled one file per module (esbuild, no type checking), the runtime
 * files that are not TypeScript, the .wasm kernels and the page from build/, and the server's start-up bundle
 * (build-server-bundle.mjs). build.mjs calls it for dist/; the bundle's test calls it for a scratch directory.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { filesUnder, root, TRANSPILE_OPTIONS } from "./build-stamp.mjs";
import { bundleServer } from "./build-server-bundle.mjs";
import { KECCAK_OUTPUT, WASM_OUTPUT } from "./build-wasm.mjs";
import { WEB_OUTPUT } from "./build-web.mjs";

export async function buildDist(distDir) {
  const { build: esbuild } = await import("esbuild");
  const sources = filesUnder(path.join(root, "src"));
  fs.rmSync(distDir, { recursive: true, force: true });
  await esbuild({
    entryPoints: sources.filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts")),
    ...TRANSPILE_OPTIONS,
    outdir: distDir,
  });
  // Runtime files that are not TypeScript: the worker bootstrap (.mjs) and JSON imports.
  for (const file of sources.filter((f) => /\.(mjs|json)$/.test(f))) {
    const target = path.join(distDir, path.relative(root, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(file, target);
  }
  for (const output of [WASM_OUTPUT, KECCAK_OUTPUT]) {
    if (!fs.existsSync(output)) continue;
    const target = path.join(distDir, path.relative(root, output));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(output, target);
  }
  if (fs.existsSync(WEB_OUTPUT)) fs.cpSync(WEB_OUTPUT, path.join(distDir, path.relative(root, WEB_OUTPUT)), { recursive: true });
  await bundleServer({ root, distDir });
}

// `node scripts/build-dist.mjs <dir>`: the same output into another directory (the bundle's test builds into a
// scratch directory inside the repository, so packages still resolve from its node_modules).
if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const target = process.argv[2];
  if (target === undefined) throw new Error("usage: node scripts/build-dist.mjs <directory>");
  await buildDist(path.resolve(target));
}
