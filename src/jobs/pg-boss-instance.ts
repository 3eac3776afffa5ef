import pg from "pg";
import PgBoss from "pg-boss";
import type { Logger } from "pino";

export interface PgBossConnection {
  connectionString: string;
  /** PostgreSQL schema pg-boss keeps its tables in (created on first start). */
  schema: string;
  /** pg-boss connections; kept small because every node also has the service's own pool. */
  maxConnections?: number;
}

/**
 * One of a node's pg-boss instances (recurring jobs, shard jobs), named in pg_stat_activity, with its errors
 * logged. Our queues are sent to explicitly, never scheduled by cron: pg-boss's cron scheduler stays off.
 */
export function openPgBoss(connection: PgBossConnection, applicationName: string, logger: Logger, options: Partial<PgBoss.ConstructorOptions> = {}): PgBoss {
  const boss = new PgBoss({
    connectionString: connection.connectionString,
    schema: connection.schema,
    max: connection.maxConnections ?? 3,
    schedule: false,
    application_name: applicationName,
    ...options,
  });
  boss.on("error", (error) => logger.error({ err: error, queue: applicationName }, "job queue error"));
  return boss;
}

/**
 * Nodes starting together would create the same queue partitions at once, which PostgreSQL can answer with a
 * deadlock: pg-boss's installation and queue creation run under one advisory lock per queue schema, whichever
 * of this node's pg-boss instances does it.
 */
export async function underPgBossSchemaLock(connectionString: string, schema: string, work: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  const key = `precedent-jobs:${schema}`;
  try {
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [key]);
    await work();
  } finally {
    await client.query("SELECT pg_advisory_unlock(hashtext($1))", [key]).catch(() => undefined);
    await client.end();
  }
}
