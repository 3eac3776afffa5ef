import pg from "pg";

/**
 * Nodes starting together would create the same queue partitions at once, which PostgreSQL can answer with a
 * deadlock: pg-boss's installation and queue creation run under one advisory lock per queue schema, whichever
 * of this node's pg-boss instances (recurring jobs, shard jobs) does it.
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
