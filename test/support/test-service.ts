import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { loadConfig } from "../../src/config/config.js";
import type { Clock } from "../../src/domain/clock.js";
import { buildService, type BuildOptions, type Service } from "../../src/main/build-service.js";
import { importSnapshots } from "../../src/main/import-snapshots.js";
import { importCrawlFile, RECORDED_CDP_CRAWL } from "../../src/main/import-mirrors.js";
import { IndexMirror } from "../../src/storage/repos/index-mirror.js";
import { SnapshotCache } from "../../src/services/feeds/snapshot-cache.js";
import { createDatabase } from "../../src/storage/create-database.js";
import { FeedSnapshots } from "../../src/storage/repos/feed-snapshots.js";
import { sharedEmbeddedChain, sharedSearchWorkers } from "./shared-threads.js";
import { DAILY_DATASET_DIR, SHARED_DIR } from "./shared-paths.js";

/**
 * Tests never use real DNS: by default only the documented example webhook host resolves (to a public
 * address, so registrations of the OpenAPI examples pass); alert tests inject their own table.
 */
export const exampleDns = async (host: string) => {
  // The documented example webhook and ad destination hosts.
  if (host === "hooks.example.com" || host === "ads.example.com") return [{ address: "93.184.215.14", family: 4 as const }];
  throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: "ENOTFOUND" });
};

export interface TestServiceOptions extends Omit<BuildOptions, "database"> {
  env?: Record<string, string>;
  clock?: Clock;
  /**
   * Load ../shared/fixtures into the feed snapshot store first, as `npm run snapshots:import` does, and the
   * recorded CDP Bazaar crawl into the index mirror, as `npm run mirrors:import` does (default true).
   */
  importRecordings?: boolean;
  /**
   * Keep SQLite in a file of the data directory, as `npm start` does, instead of in memory (the benchmarks
   * do: a file database's syncs to disk are part of a paid call's cost).
   */
  databaseOnDisk?: boolean;
  /**
   * Start a chain of this service's own instead of using the one the test process shares (./shared-threads.ts):
   * for tests that need an empty chain or the production wiring of the payment thread (its lanes).
   */
  ownChain?: boolean;
  /** Start search workers of this service's own instead of the test process's shared pool (./shared-threads.ts). */
  ownSearchWorkers?: boolean;
}

export type TestService = Service & { dataDir: string };

/**
 * The real service as production wires it (embedded chain and search workers, shared by the test process unless
 * `ownChain` / `ownSearchWorkers`; real facilitator, real signer), on an in-memory SQLite database (or a file:
 * `databaseOnDisk`), a temporary data directory, and the shared daily dataset as market data.
 * Per-client rate limits are off by default (see below); every other edge rule applies as in production.
 */
export async function startTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    MARKET_DATA_DIR: DAILY_DATASET_DIR,
    PUBLIC_BASE_URL: "http://precedent.test",
    LOG_LEVEL: "silent",
    // In-app requests carry no client address, so every test call shares one bucket: limits are off unless a
    // test turns them on (test/platform/edge-limits.test.ts does).
    RATE_LIMIT_FREE_PER_MINUTE: "0",
    RATE_LIMIT_FAUCET_PER_MINUTE: "0",
    ...options.env,
  });
  const database = await createDatabase({ kind: "sqlite", file: options.databaseOnDisk === true ? path.join(dataDir, "precedent.sqlite") : ":memory:" });
  const fixturesDir = path.join(SHARED_DIR, "fixtures");
  if (options.importRecordings !== false && fs.existsSync(fixturesDir)) {
    const silent = { warn: () => undefined };
    await importSnapshots(new SnapshotCache(new FeedSnapshots(database.db), { nowMs: () => Date.now() }, silent), fixturesDir);
    await importCrawlFile(new IndexMirror(database.db), path.join(fixturesDir, RECORDED_CDP_CRAWL));
  }
  const embeddedChain = options.ownChain === true || config.facilitator.mode !== "embedded" ? undefined : sharedEmbeddedChain();
  const service = await buildService(config, {
    outboundResolve: exampleDns,
    embeddedChain,
    searchWorkers: options.ownSearchWorkers === true ? undefined : sharedSearchWorkers(),
    ...options,
    database,
    logger: options.logger ?? pino({ level: "silent" }),
  });
  return {
    ...service,
    dataDir,
    close: async () => {
      await service.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The service as `npm start` runs it on `dataDir`: its SQLite file and its chain journal live there. */
export async function startServiceOnDataDir(dataDir: string, env: Record<string, string> = {}, options: BuildOptions = {}): Promise<Service> {
  const config = loadConfig({ DATA_DIR: dataDir, MARKET_DATA_DIR: DAILY_DATASET_DIR, PUBLIC_BASE_URL: "http://precedent.test", LOG_LEVEL: "silent", ...env });
  return buildService(config, { ...options, logger: pino({ level: "silent" }) });
}
