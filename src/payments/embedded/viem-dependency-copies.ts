/**
 * The instances of one of viem's dependencies that viem itself uses in this thread: its CommonJS build's and its
 * ES module build's (Node loads a package once per format). Resolved from viem's own package directory, as Node
 * resolves viem's imports, so the classes found are the very ones viem's functions construct. Empty when the
 * package cannot be found there (the callers then leave viem as it is).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ownValue } from "../../domain/own-value.js";

export async function viemDependencyCopies<T>(packageName: string, subpath: string): Promise<T[]> {
  try {
    const requireFromViem = createRequire(createRequire(import.meta.url).resolve("viem"));
    const commonJsEntry = requireFromViem.resolve(`${packageName}/${subpath}`);
    const copies: T[] = [requireFromViem(commonJsEntry) as T];
    const packageDir = enclosingPackageDir(commonJsEntry, packageName);
    const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, "package.json"), "utf8")) as { exports?: Record<string, unknown> };
    const entry = (manifest.exports === undefined ? undefined : ownValue(manifest.exports, `./${subpath}`)) as { import?: unknown } | undefined;
    if (typeof entry?.import === "string") {
      copies.push((await import(pathToFileURL(path.join(packageDir, entry.import)).href)) as T);
    }
    return copies;
  } catch {
    return [];
  }
}

/** Applies `patch` to each of those copies; resolves with how many it patched (it answers false to leave one). */
export async function patchViemDependency<T>(packageName: string, subpath: string, patch: (module: T) => boolean): Promise<number> {
  let patched = 0;
  for (const module of await viemDependencyCopies<T>(packageName, subpath)) if (patch(module)) patched++;
  return patched;
}

/** The directory of the package named `name` that holds `file` (its package.json does not export itself). */
function enclosingPackageDir(file: string, name: string): string {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, "utf8")) as { name?: string }).name === name) return dir;
  }
  throw new Error(`no package ${name} above ${file}`);
}
