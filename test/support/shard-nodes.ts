import os from "node:os";
import path from "node:path";
import fs from "node:fs";
import pino from "pino";
import { loadConfig, type UniverseShardJobLimits } from "../../src/config/config.js";
import { systemClock } from "../../src/domain/clock.js";
import { PgBossShardQueue, type PgBossShardQueueOptions } from "../../src/jobs/pg-boss-shard-queue.js";
import { buildMarketData } from "../../src/main/build-market-data.js";
import { buildPatterns, type Patterns } from "../../src/main/build-patterns.js";
import type { ShardJob, ShardOutput } from "../../src/services/patterns/shard-jobs.js";
import { SearchWorkerPool } from "../../src/services/patterns/search-worker-pool.js";
import type { Database } from "../../src/storage/create-database.js";
import { openNamedPostgres } from "./postgres-schemas.js";

/** One node of a shard-job cluster: its own database pool, bar and series caches, search workers and pg-boss queue. */
export interface ShardNode {
  name: string;
  database: Database;
  /** The pattern family wired as buildService wires it with DATABASE_URL (shard jobs above `limits`). */
  patterns: Patterns;
  /** The same node's pattern family without shard jobs: the one-node answer. */
  alone: Patterns;
  queue: PgBossShardQueue;
  /** Starts taking shard jobs (through `wrap`, a test's fault injection, when given). */
  start(wrap?: (take: (job: ShardJob) => Promise<ShardOutput>) => (job: ShardJob) => Promise<ShardOutput>): Promise<void>;
}

export interface ShardClusterOptions {
  url: string;
  nodes: number;
  marketDataDir: string;
  limits: UniverseShardJobLimits;
  /** Search workers per node (default 1: the nodes share this machine's cores). */
  workersPerNode?: number;
  queue?: Partial<PgBossShardQueueOptions>;
  /**
   * The PostgreSQL schema to create and share (the queue's is `<schema>_jobs`): a test names one of its run's
   * (freshTestSchemaName, dropped by the run's teardown), a benchmark its own (which it drops).
   */
  schema: string;
}

/**
 * `nodes` nodes on one PostgreSQL schema and one pg-boss schema, as several machines behind a balancer would
 * be: real separate pg-boss instances, database pools, caches and worker threads, in one process. Their bars
 * come from the offline folder through the shared PostgreSQL bar store, as every node's do in production.
 */
export async function startShardCluster(options: ShardClusterOptions): Promise<{ nodes: ShardNode[]; close(): Promise<void> }> {
  const shared = await openNamedPostgres(options.url, options.schema, options.nodes);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-shards-"));
  const config = loadConfig({ DATA_DIR: dataDir, MARKET_DATA_DIR: options.marketDataDir, LOG_LEVEL: "silent" });
  const logger = pino({ level: "silent" });
  const pools: SearchWorkerPool[] = [];
  const nodes = shared.nodes.map((database, i): ShardNode => {
    const pool = new SearchWorkerPool(options.workersPerNode ?? 1);
    pools.push(pool);
    const queue = new PgBossShardQueue(
      { connectionString: options.url, schema: `${shared.schema}_jobs`, timeoutMs: 60_000, pollMs: 50, maxConnections: 2, ...options.queue },
      logger,
    );
    const marketData = buildMarketData(config, database, systemClock);
    const patterns = buildPatterns(marketData, systemClock, pool, { queue, limits: options.limits });
    const alone = buildPatterns(marketData, systemClock, pool);
    return {
      name: String.fromCharCode(97 + i),
      database,
      patterns,
      alone,
      queue,
      start: (wrap) => queue.start(wrap === undefined ? patterns.takeShardJob : wrap(patterns.takeShardJob)),
    };
  });
  await Promise.all(pools.map((pool) => pool.warm()));
  return {
    nodes,
    close: async () => {
      for (const node of nodes) await node.queue.stop();
      for (const pool of pools) await pool.close();
      await shared.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

