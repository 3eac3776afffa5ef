import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, Migrator, SqliteDialect, type Migration } from "kysely";
import type { DatabaseSchema } from "./database-schema.js";
import { CurrentSchemaPostgresDialect } from "./current-schema-dialect.js";
import { withStatementCache } from "./statement-cache.js";
import { ensurePrivateDir, ensurePrivateFile, tightenIfPresent } from "./private-files.js";
import { sqliteWalSync } from "./sqlite-wal-sync.js";
import { createCoreTables } from "./migrations/0001-create-core-tables.js";
import { createPaymentClaims } from "./migrations/0002-payment-claims.js";
import { createAlertTables } from "./migrations/0003-alerts.js";
import { createFeedSnapshots } from "./migrations/0004-feed-snapshots.js";
import { createTradingSignals } from "./migrations/0005-trading-signals.js";
import { createProbeResults } from "./migrations/0007-probe-results.js";
import { createDemandLog } from "./migrations/0008-demand-log.js";
import { createFulfilments } from "./migrations/0010-fulfilments.js";
import { createAdTables } from "./migrations/0011-ads.js";
import { createIndexMirrors } from "./migrations/0006-index-mirrors.js";
import { createArenaTables } from "./migrations/0009-arena.js";
import { createForecastLog } from "./migrations/0012-forecast-log.js";
import { addSignalRuleVersion } from "./migrations/0013-signal-rule-version.js";
import { createSettlementOutcomes } from "./migrations/0014-settlement-outcomes.js";
import type { SqlDialect } from "./sql-dialect.js";

export interface Database {
  db: Kysely<DatabaseSchema>;
  dialect: SqlDialect;
  /**
   * Resolves once every write committed before the call would survive a power loss (./sqlite-wal-sync.ts).
   * At once for PostgreSQL (a commit is durable when acknowledged) and for an in-memory SQLite.
   */
  syncToDisk(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "sqlite"; file: string } // ":memory:" for tests
  | { kind: "postgres"; url: string; schema?: string };

const INT8_OID = 20;
/** Longest the event loop may wait for another process's SQLite write lock, per statement. */
export const SQLITE_BUSY_TIMEOUT_MS = 200;

/** Opens SQLite (file or memory) or PostgreSQL, and brings the schema up to date before returning. */
export async function createDatabase(target: DatabaseTarget): Promise<Database> {
  const database = target.kind === "sqlite" ? openSqlite(target.file) : await openPostgres(target.url, target.schema);
  await migrateToLatest(database, target.kind === "postgres" ? target.schema : undefined);
  return database;
}

function openSqlite(file: string): Database {
  if (file !== ":memory:") {
    // Owner-only: the ledger and the request log are not for other local users. SQLite creates its -wal
    // and -shm files with the database file's mode, so a 0600 database keeps them 0600 too.
    ensurePrivateDir(path.dirname(file));
    ensurePrivateFile(file);
    tightenIfPresent(`${file}-wal`);
    tightenIfPresent(`${file}-shm`);
  }
  const connection = new BetterSqlite3(file);
  // WAL lets the request log and the bar cache write while readers continue. better-sqlite3 is synchronous:
  // while it waits for a lock the whole event loop waits, so the busy wait is short and a write that still
  // cannot get the lock fails fast (a paid call then answers 503 and charges nothing; see README).
  connection.pragma("journal_mode = WAL");
  connection.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  // Commits do not fsync on the event loop; those that must survive a power loss are synced off it.
  connection.pragma("synchronous = NORMAL");
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: withStatementCache(connection) }) });
  if (file === ":memory:") return { db, dialect: "sqlite", syncToDisk: async () => undefined, close: () => db.destroy() };
  const wal = sqliteWalSync(file);
  return {
    db,
    dialect: "sqlite",
    syncToDisk: () => wal.syncToDisk(),
    close: async () => {
      await wal.close();
      await db.destroy();
    },
  };
}

async function openPostgres(url: string, schema: string | undefined): Promise<Database> {
  // Loaded only for PostgreSQL, so a SQLite node's start does not load the driver.
  const { default: pg } = await import("pg");
  const pool = new pg.Pool({
    ...connectionOf(url, schema),
    max: 10,
    // bigint columns hold epoch milliseconds, well inside 2^53: read them as numbers, per pool, not globally.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === INT8_OID ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
    },
  });
  const db = new Kysely<DatabaseSchema>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  return { db, dialect: "postgres", syncToDisk: async () => undefined, close: () => db.destroy() };
}

/**
 * Where the pool connects, and on `schema` its search_path. pg lets a connection string's parameters replace the
 * pool's own, so a URL that carries `options` (server settings for its sessions, as the tests' TEST_PG_URL does:
 * test/support/postgres-url.ts) would drop the search_path, and the migrations would create their tables in
 * `public`: the URL's options are sent with the search_path instead.
 */
function connectionOf(url: string, schema: string | undefined): { connectionString: string; options?: string } {
  if (schema === undefined) return { connectionString: url };
  const urlOptions = URL.canParse(url) ? new URL(url).searchParams.get("options") : null;
  if (urlOptions === null) return { connectionString: url, options: `-c search_path=${schema}` };
  const parsed = new URL(url);
  parsed.searchParams.delete("options");
  return { connectionString: parsed.toString(), options: `${urlOptions} -c search_path=${schema}` };
}

async function migrateToLatest(database: Database, schema: string | undefined): Promise<void> {
  const migrations: Record<string, Migration> = {
    "0001-create-core-tables": createCoreTables(database.dialect),
    "0002-payment-claims": createPaymentClaims(),
    "0003-alerts": createAlertTables(),
    "0004-feed-snapshots": createFeedSnapshots(),
    "0005-trading-signals": createTradingSignals(),
    "0007-probe-results": createProbeResults(),
    "0008-demand-log": createDemandLog(),
    "0010-fulfilments": createFulfilments(),
    "0011-ads": createAdTables(),
    "0006-index-mirrors": createIndexMirrors(),
    "0009-arena": createArenaTables(),
    "0012-forecast-log": createForecastLog(),
    "0013-signal-rule-version": addSignalRuleVersion(),
    "0014-settlement-outcomes": createSettlementOutcomes(),
  };
  // With a schema, Kysely must look for its migration tables there (its existence check reads the session's own
  // schema, CurrentSchemaPostgresDialect, and the lock table it then reads must be the same).
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrations },
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  });
  const { error } = await migrator.migrateToLatest();
  if (error !== undefined) throw error instanceof Error ? error : new Error(String(error));
}
