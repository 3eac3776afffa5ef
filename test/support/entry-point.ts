import fs from "node:fs";
import path from "node:path";
import { isStale } from "../../scripts/build-stamp.mjs";
import { REPO_ROOT } from "./shared-paths.js";

/**
 * The `node` arguments that run `entry`, an entry point of src/ named from the repository root
 * ("src/main/cli.ts"): its compiled twin in dist/ when the build is current (none of its inputs changed since,
 * scripts/build-stamp.mjs, as bin/precedent-mcp.js decides), else the source through tsx. The same code either
 * way: dist/ is the source transpiled file by file. Why: through tsx a child spends ~1.5 s of CPU before its
 * first line (a second process, and every module through tsx's hooks), the twin ~0.5 s.
 */
export function nodeArgsFor(entry: string): string[] {
  const twin = path.join(REPO_ROOT, "dist", entry.replace(/\.ts$/, ".js"));
  return fs.existsSync(twin) && !isStale() ? [twin] : ["--import", "tsx", path.join(REPO_ROOT, entry)];
}
