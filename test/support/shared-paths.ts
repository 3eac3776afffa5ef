import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const HERE = path.dirname(fileURLToPath(import.meta.url));
/**
 * The repository root, found from this file (test/support/, or dist/test/support/ when a benchmark runs
 * compiled: scripts/build-bench.mjs), and `../shared` beside it (read at test time, never copied).
 */
export const REPO_ROOT = path.basename(path.resolve(HERE, "../..")) === "dist" ? path.resolve(HERE, "../../..") : path.resolve(HERE, "../..");
export const SHARED_DIR = path.resolve(REPO_ROOT, "../shared");
export const SHARED_PRESENT = fs.existsSync(path.join(SHARED_DIR, "spec"));
export const DAILY_DATASET_DIR = path.join(SHARED_DIR, "datasets/daily");
export const SHARED_MISSING_REASON = `../shared not found at ${SHARED_DIR}; tests that read the spec, datasets or fixtures are skipped`;
