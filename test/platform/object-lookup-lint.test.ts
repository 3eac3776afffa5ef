import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { resolveSymbol } from "../../src/domain/symbol-resolver.js";
import { offlineFileStem } from "../../src/providers/prices/offline/offline-file-names.js";
import { caip2Network, knownDecimals } from "../../src/services/discovery/payment-networks.js";
import { knownAsset } from "../../src/services/probe/known-assets.js";

/*
 * Issue 34, point 7: a string from outside (a caller, an upstream, a probed server) is never a key into a plain
 * object. The lookups that were, fed the names every object inherits; and scripts/check-object-lookups.ts (run by
 * `npm run lint`) on a small tree written for the purpose, so a rule that stopped matching would not pass silently.
 */

const INHERITED = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"];

describe("lookups of inherited member names find nothing", () => {
  it("networks, assets, offline file names and tickers", () => {
    for (const name of INHERITED) {
      expect([name, knownAsset(name, "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913")]).toEqual([name, undefined]);
      expect([name, knownAsset("eip155:8453", name)]).toEqual([name, undefined]);
      expect([name, caip2Network(name)]).toEqual([name, null]);
      expect([name, knownDecimals(name, "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913")]).toEqual([name, undefined]);
      expect([name, offlineFileStem(name)]).toEqual([name, null]);
      expect(() => resolveSymbol(`xyz:${name}`)).toThrow(/Unknown ticker/);
    }
    // The tables still answer what they hold.
    expect(caip2Network("base")).toBe("eip155:8453");
    expect(knownAsset("base", "0x833589fcd6edb6e08f4c7c32d4f71b54bda02913")).toBeDefined();
  });
});

const repo = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);
const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

async function offencesIn(files: Record<string, string>): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-lookups-"));
  made.push(dir);
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { strict: true, target: "es2022", module: "nodenext", moduleResolution: "nodenext", noEmit: true }, include: ["src"] }));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const tsx = path.join(repo, "node_modules/tsx/dist/cli.mjs");
  const result = await run(process.execPath, [tsx, path.join(repo, "scripts/check-object-lookups.ts")], { cwd: dir }).then(
    (ok) => ({ status: 0, stderr: ok.stderr }),
    (error: { code?: number; stderr?: string }) => ({ status: error.code ?? 1, stderr: error.stderr ?? "" }),
  );
  const lines = result.stderr.split("\n").filter((line) => line.startsWith("  src/")).map((line) => line.trim());
  expect(result.status === 0).toBe(lines.length === 0);
  return lines;
}

describe("the object-lookup lint", () => {
  it("reports a string read from a Record and `in` on one, and accepts a Map, Object.hasOwn, literal keys and writes", async () => {
    const found = await offencesIn({
      "src/tables.ts": [
        "export const ALIASES: Record<string, string> = { btc: 'BTC-USD' };",
        "export const BANDS: Record<'low' | 'high', number> = { low: 1, high: 2 };",
        "export function risky(key: string) { return ALIASES[key]; }",
        "export function riskyIn(key: string) { return key in ALIASES; }",
        "export function guarded(key: string) { return Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined; }",
        "export function early(key: string) { if (!Object.hasOwn(ALIASES, key)) return undefined; return ALIASES[key]; }",
        "export function literal(band: 'low' | 'high') { return BANDS[band]; }",
        "export function mapped(key: string) { return new Map(Object.entries(ALIASES)).get(key); }",
        "export function built(keys: string[]) { const out: Record<string, number> = {}; for (const k of keys) out[k] = 1; return out; }",
        "export function arrays(xs: string[], i: number) { return xs[i]; }",
        "",
      ].join("\n"),
      "src/tables.test.ts": "import { ALIASES } from './tables.js';\nexport const t = (k: string) => ALIASES[k];\n",
    });
    expect(found).toEqual(["src/tables.ts:3: ALIASES[key]", "src/tables.ts:4: key in ALIASES"]);
  }, 120_000);
});
