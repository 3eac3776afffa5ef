import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

/**
 * The layering rules of .dependency-cruiser.cjs (`npm run lint`) run on a small tree written for the purpose:
 * each forbidden import is reported under its rule's name, and the same tree with the imports pointing down is
 * clean. Without this, a rule whose path pattern no longer matches would pass silently forever.
 */
const repo = path.resolve(import.meta.dirname, "../..");
const run = promisify(execFile);

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

function writeTree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-layering-"));
  fs.writeFileSync(path.join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions: { module: "nodenext", moduleResolution: "nodenext" } }));
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

async function violationsIn(dir: string): Promise<Violation[]> {
  const bin = path.join(repo, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  const config = path.join(repo, ".dependency-cruiser.cjs");
  // Exit status is non-zero when rules are broken; the JSON report is what is read either way.
  const { stdout } = await run(process.execPath, [bin, "src", "--config", config, "--output-type", "json"], { cwd: dir }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? "" }),
  );
  return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

const made: string[] = [];
afterAll(() => made.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

describe("layering lint", () => {
  it("reports a contract that imports a service, and a payment module that imports http, each under its rule", async () => {
    const dir = writeTree({
      "src/services/feeds/trends-service.ts": "export const TREND_GEOS = ['US'] as const;\n",
      "src/contracts/feeds/get-trends.ts": "import { TREND_GEOS } from '../../services/feeds/trends-service.js';\nexport const geos = TREND_GEOS;\n",
      "src/http/replace-response.ts": "export const replaceResponse = () => undefined;\n",
      "src/payments/dual-payment-middleware.ts": "import { replaceResponse } from '../http/replace-response.js';\nexport const m = replaceResponse;\n",
      "src/threads/start-worker.ts": "import { geos } from '../contracts/feeds/get-trends.js';\nexport const w = geos;\n",
    });
    made.push(dir);
    const found = (await violationsIn(dir)).map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
    expect(found).toEqual([
      "contracts-sit-below-the-services: src/contracts/feeds/get-trends.ts -> src/services/feeds/trends-service.ts",
      "payments-sit-below-http: src/payments/dual-payment-middleware.ts -> src/http/replace-response.ts",
      "threads-are-plumbing: src/threads/start-worker.ts -> src/contracts/feeds/get-trends.ts",
    ]);
  });

  it("accepts the same names once they live below both sides (domain, payments), and storage using core", async () => {
    const dir = writeTree({
      "src/core/bounded-lru.ts": "export class BoundedLru {}\n",
      "src/storage/statement-cache.ts": "import { BoundedLru } from '../core/bounded-lru.js';\nexport const c = BoundedLru;\n",
      "src/domain/feed-vocabulary.ts": "export const TREND_GEOS = ['US'] as const;\n",
      "src/services/feeds/trends-service.ts": "import { TREND_GEOS } from '../../domain/feed-vocabulary.js';\nexport const g = TREND_GEOS;\n",
      "src/contracts/feeds/get-trends.ts": "import { TREND_GEOS } from '../../domain/feed-vocabulary.js';\nexport const geos = TREND_GEOS;\n",
      "src/payments/replace-response.ts": "export const replaceResponse = () => undefined;\n",
      "src/payments/dual-payment-middleware.ts": "import { replaceResponse } from './replace-response.js';\nexport const m = replaceResponse;\n",
      "src/http/mount-operation.ts": "import { replaceResponse } from '../payments/replace-response.js';\nexport const r = replaceResponse;\n",
    });
    made.push(dir);
    expect(await violationsIn(dir)).toEqual([]);
  });
});
