/**
 * The start-up bundles: src/main/server.ts and src/main/mcp.ts and everything they import, our modules and the
 * packages, bundled by esbuild into <distDir>/bundle/ (server.js and mcp.js plus chunks for what they share and
 * what is imported lazily): what `npm start` and `precedent-mcp` run. The worker threads' entries are bundled
 * beside them (WORKER_ENTRIES).
 *
 * Why: started from one file per module, the service loaded about 1,500 ES modules before listening (~500 ours,
 * ~350 of viem's, 262 of kysely's, ~100 of zod's), and resolving, reading and compiling them was most of its
 * start-up: 1.1 s to "listening" on a 2-core machine, 0.55 s from this bundle. The MCP front end, spawned once per
 * host session (and eight times by test/mcp/mcp-stdio.test.ts), starts on about 1.75 CPU-s from its bundle
 * instead of 2.4 from the one-to-one files (measured on a machine shared with other jobs).
 *
 * What stays a file of its own:
 * - the worker bootstrap (src/threads/worker-bootstrap.mjs), in <distDir>/src/: every `import.meta.url` of our
 *   modules is rewritten below to the URL of the module's one-to-one file there, so paths resolved relative to a
 *   module (the worker bootstrap and the entry it is given, the .wasm kernels, the page in build/web/) are the same
 *   from the bundle as from dist/src and from src/. The bootstrap then starts the entry's bundle from here.
 * - the packages in EXTERNAL: native addons (better-sqlite3, secp256k1, keccak, and bindings/node-gyp-build,
 *   which find them), what finds its own files at run time (pino's transport thread, sentiment's language
 *   files, HiGHS's WebAssembly, swagger-ui's assets, hardhat), and what is loaded only on demand (pg and pg-boss with DATABASE_URL,
 *   Coinbase's SDK with CDP keys, tsx from source). They are imported from node_modules as before. The build
 *   refuses an external package that would resolve to another copy from the bundle than from the module
 *   importing it (a nested node_modules).
 */
import fs from "node:fs";
import path from "node:path";

const EXTERNAL = new Set([
  "better-sqlite3",
  "secp256k1",
  "keccak",
  "bindings",
  "node-gyp-build",
  "pino",
  "thread-stream",
  "sentiment",
  "highs",
  "swagger-ui-dist",
  "hardhat",
  "pg",
  "pg-boss",
  "@coinbase/x402",
  "tsx",
]);

/**
 * The worker threads' entries, bundled beside the server (<distDir>/bundle/<name>.js): src/threads/worker-bootstrap.mjs
 * starts the bundled one when it is there. From the one-to-one files each thread resolved, read and compiled its
 * few hundred modules on its own: on a loaded 2-core machine the two search workers warmed after 1.6-2.5 s instead
 * of 0.6-1.0 s, and held ~10 MB more each.
 *
 * Not the payment network's thread: it makes viem's key recovery native and its keccak WebAssembly by patching the
 * copies of noble's modules that viem loads from node_modules (src/payments/embedded/viem-dependency-copies.ts),
 * and a bundle carries copies of its own that no patch reaches. Bundled, it was ready in 0.4-0.5 s instead of
 * 1.0-1.2 s, but each paid call then cost its thread 6.45 ms of CPU instead of 2.40, and 30 concurrent callers got
 * 96 paid calls/s instead of 167 (bench:http-load, same machine, alternated).
 */
const WORKER_ENTRIES = ["src/services/patterns/search-worker.ts", "src/http/answer-encoding/answer-encoder-worker.ts"];

function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The directory of `name` as Node finds it from `fromDir`: the nearest node_modules/name up the tree. */
function packageDirFrom(fromDir, name) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

/**
 * @param {{ root: string, distDir: string }} options root: the repository; distDir: where the one-to-one output
 *   is (the bundle goes to distDir/bundle and points its modules' URLs into distDir/src).
 */
export async function bundleServer({ root, distDir }) {
  const { build } = await import("esbuild");
  const outdir = path.join(distDir, "bundle");
  fs.rmSync(outdir, { recursive: true, force: true });
  const ownSources = `${path.join(root, "src")}${path.sep}`;
  await build({
    entryPoints: {
      server: path.join(root, "src/main/server.ts"),
      mcp: path.join(root, "src/main/mcp.ts"),
      // At the top of the bundle folder, as the URLs rewritten below are relative to it.
      ...Object.fromEntries(WORKER_ENTRIES.map((entry) => [path.basename(entry, ".ts"), path.join(root, entry)])),
    },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20.19",
    sourcemap: "linked",
    logLevel: "warning",
    // Bundled CommonJS packages call require() for Node's built-ins; an ES module has none of its own.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    plugins: [
      {
        name: "precedent-server-bundle",
        setup(pluginBuild) {
          pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith("node:")) return { external: true };
            const name = packageName(args.path);
            if (!EXTERNAL.has(name)) return undefined;
            const fromImporter = packageDirFrom(path.dirname(args.importer), name);
            const fromBundle = packageDirFrom(outdir, name);
            if (fromImporter !== fromBundle) {
              return { errors: [{ text: `${name} is external, but ${args.importer} uses ${fromImporter} and the bundle would load ${fromBundle}` }] };
            }
            return { external: true };
          });
          pluginBuild.onLoad({ filter: /\.ts$/ }, async (args) => {
            if (!args.path.startsWith(ownSources)) return undefined;
            let contents = await fs.promises.readFile(args.path, "utf8");
            if (contents.includes("import.meta.url")) {
              const oneToOne = path.join(distDir, path.relative(root, args.path)).replace(/\.ts$/, ".js");
              const fromBundle = path.relative(outdir, oneToOne).split(path.sep).join("/");
              contents = contents.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`);
            }
            return { contents, loader: "ts" };
          });
        },
      },
    ],
  });
  return path.join(outdir, "server.js");
}
