/**
 * Compiles the service benchmarks that run the service in their own process (bench/*.ts and the test
 * harness they reuse, test/support/*.ts) next to the service's build in dist/, so they measure the service as
 * `npm start` runs it: plain JavaScript, with no TypeScript loader in any thread. (Under tsx every dynamic
 * import, such as viem's per-signature import of its curve library, goes through the loader's hooks thread.)
 * Run after scripts/build.mjs (which empties dist/); the package scripts `bench:*` do both.
 */
import fs from "node:fs";
import path from "node:path";
import { dist, filesUnder, root, TRANSPILE_OPTIONS } from "./build-stamp.mjs";

const started = performance.now();
const sources = [...filesUnder(path.join(root, "bench")), ...filesUnder(path.join(root, "test", "support"))].filter(
  (file) => !file.includes(`${path.sep}peers${path.sep}`),
);
const { build } = await import("esbuild");
await build({
  entryPoints: sources.filter((file) => file.endsWith(".ts")),
  ...TRANSPILE_OPTIONS,
});
for (const file of sources.filter((f) => f.endsWith(".mjs"))) {
  const target = path.join(dist, path.relative(root, file));
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.copyFileSync(file, target);
}
console.log(`build-bench: dist/bench and dist/test/support in ${(performance.now() - started).toFixed(0)} ms`);
