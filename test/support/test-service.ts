import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { loadConfig } from "../../src/config/config.js";
import type { Clock } from "../../src/domain/clock.js";
import { buildService, type BuildOptions, type Service } from "../../src/main/build-service.js";
import { importSnapshots } from "../../src/main/import-snapshots.js";
import { SnapshotCache } from "../../src/services/feeds/snapshot-cache.js";
import { createDatabase } from "../../src/storage/create-database.js";
import { FeedSnapshots } from "../../src/storage/repos/feed-snapshots.js";
import { DAILY_DATASET_DIR, SHARED_DIR } from "./shared-paths.js";

export interface TestServiceOptions extends Omit<BuildOptions, "database"> {
  env?: Record<string, string>;
  clock?: Clock;
  /** Load ../shared/fixtures into the feed snapshot store first, as `npm run snapshots:import` does (default true). */
  importRecordings?: boolean;
}

/**
 * The real service as production wires it (embedded chain, real facilitator, real signer), on an
 * in-memory SQLite database, a temporary data directory, and the shared daily dataset as market data.
 */
export async function startTestService(options: TestServiceOptions = {}): Promise<Service & { dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-test-"));
  const config = loadConfig({
    DATA_DIR: dataDir,
    MARKET_DATA_DIR: DAILY_DATASET_DIR,
    PUBLIC_BASE_URL: "http://precedent.test",
    LOG_LEVEL: "silent",
    ...options.env,
  });
  const database = await createDatabase({ kind: "sqlite", file: ":memory:" });
  const fixturesDir = path.join(SHARED_DIR, "fixtures");
  if (options.importRecordings !== false && fs.existsSync(fixturesDir)) {
    const silent = { warn: () => undefined };
    await importSnapshots(new SnapshotCache(new FeedSnapshots(database.db), { nowMs: () => Date.now() }, silent), fixturesDir);
  }
  const service = await buildService(config, { ...options, database, logger: pino({ level: "silent" }) });
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
