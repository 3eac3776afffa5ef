/**
 * Whether dist/ is older than its inputs: shared by the build (`--if-stale`) and by launchers that run the
 * compiled output only when it is current (bin/precedent-mcp.js), so a checkout never runs stale code.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const dist = path.join(root, "dist");
export const stamp = path.join(dist, ".build-stamp");
/** Inputs whose change makes the build stale. */
const inputs = ["src", "assembly", "web", "scripts/build.mjs", "scripts/build-dist.mjs", "scripts/build-server-bundle.mjs", "scripts/build-stamp.mjs", "scripts/build-wasm.mjs", "scripts/build-web.mjs", "package.json", "package-lock.json"];

/** How every build transpiles TypeScript: one file per source, mirroring the repository under dist/. */
export const TRANSPILE_OPTIONS = {
  outdir: dist,
  outbase: root,
  format: "esm",
  platform: "node",
  target: "node20.19",
  sourcemap: "linked",
  logLevel: "warning",
};

export function filesUnder(dir) {
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

export function isStale() {
  if (!fs.existsSync(stamp)) return true;
  return newestInputMs() > fs.statSync(stamp).mtimeMs;
}

