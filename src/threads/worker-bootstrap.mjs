// Starts a worker thread's entry module (workerData.entry, a file URL): the search workers, the embedded payment
// network and the answer encoder. From the built output (dist/src/) the entry is JavaScript, and its bundle
// (dist/bundle/<entry>.js, scripts/build-server-bundle.mjs) is imported instead when there is one: one file instead
// of a few hundred modules to resolve, read and compile. From source (tests, `npm run dev`) the entry is TypeScript,
// and a worker does not inherit the parent's tsx loader: the entry's compiled twin in dist/ (and so its bundle) is
// used instead when the build is current (none of its inputs changed since, scripts/build-stamp.mjs), else tsx's
// ESM hooks are registered in this thread first. Why the twin: through tsx every module the thread loads (viem and
// the chain's included) goes through hooks running on a thread of their own; measured on a 2-core machine, the
// payment network's thread took ~1.8 s of CPU to be ready from source and ~0.7 s from dist, a search worker pool
// ~2.3 s and ~1.4 s, the answer encoder ~0.24 s and ~0.04 s, and the tests start dozens of these threads.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { workerData } from "node:worker_threads";

/** The compiled twin of a TypeScript entry of this checkout when dist/ is current, else undefined. */
async function currentCompiledTwin(sourceUrl) {
  // From source this file is src/threads/worker-bootstrap.mjs; dist/ holds no scripts/, and needs none (its entries are .js).
  const stampUrl = new URL("../../scripts/build-stamp.mjs", import.meta.url);
  if (!fs.existsSync(stampUrl)) return undefined;
  const { root, dist, isStale } = await import(stampUrl.href);
  const twin = path.join(dist, path.relative(root, fileURLToPath(sourceUrl)).replace(/\.ts$/, ".js"));
  return fs.existsSync(twin) && !isStale() ? pathToFileURL(twin).href : undefined;
}

/** dist/bundle/<name>.js for a built entry dist/src/.../<name>.js, when the build made one. */
function bundleOf(builtUrl) {
  const distRoot = builtUrl.slice(0, builtUrl.lastIndexOf("/src/"));
  const bundled = `${distRoot}/bundle/${builtUrl.slice(builtUrl.lastIndexOf("/") + 1)}`;
  return fs.existsSync(new URL(bundled)) ? bundled : undefined;
}

let entry = workerData.entry;
if (entry.endsWith(".ts")) {
  const twin = await currentCompiledTwin(entry);
  if (twin !== undefined) entry = twin;
  else {
    const { register } = await import("tsx/esm/api");
    register();
  }
}
await import((entry.endsWith(".js") ? bundleOf(entry) : undefined) ?? entry);
