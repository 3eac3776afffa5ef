import fs from "node:fs";
import path from "node:path";
import semver from "semver";
import { expect, it } from "vitest";
import { REPO_ROOT } from "../support/shared-paths.js";

type PackageJson = { engines?: { node?: string }; dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
const readPackage = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as PackageJson;

/**
 * Our declared Node range and every runtime dependency's agree: each dependency admits the oldest Node we
 * claim to support and the Node running these tests (yahoo-finance2 4.x wants Node 22, so 3.15 is pinned).
 */
it("every runtime dependency supports the Node versions we declare and run on", () => {
  const own = readPackage(REPO_ROOT);
  const oldestSupported = semver.minVersion(own.engines!.node!)!.version;
  const disagreements: string[] = [];
  for (const name of Object.keys({ ...own.dependencies, ...own.optionalDependencies })) {
    const dir = path.join(REPO_ROOT, "node_modules", name);
    if (!fs.existsSync(dir)) continue; // an optional dependency that did not install
    const range = readPackage(dir).engines?.node;
    if (range === undefined) continue;
    for (const version of [oldestSupported, process.versions.node]) {
      if (!semver.satisfies(version, range)) disagreements.push(`${name} wants node ${range}, we declare/run ${version}`);
    }
  }
  expect(disagreements).toEqual([]);
});
