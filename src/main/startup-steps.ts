import { ConfigError, type Config } from "../config/config.js";
import type { DatabaseTarget } from "../storage/create-database.js";

type ErrorClass = abstract new (...args: never[]) => Error;

/**
 * Runs one start-up step of a command (reading the configuration, building the service). An error of the
 * given kinds is the operator's to fix (a bad variable, an unusable facilitator): its message is printed and
 * the process exits 2 instead of dumping a stack. Anything else is a bug and propagates.
 */
export async function exitOnRefusal<T>(step: () => T | Promise<T>, refusals: readonly ErrorClass[] = [ConfigError]): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (refusals.some((kind) => error instanceof kind)) {
      console.error((error as Error).message);
      process.exit(2);
    }
    throw error;
  }
}

/** The database a configuration names: PostgreSQL with DATABASE_URL, else SQLite in DATA_DIR. */
export function databaseTargetOf(config: Readonly<Config>): DatabaseTarget {
  return config.databaseUrl === undefined
    ? { kind: "sqlite", file: `${config.dataDir}/precedent.sqlite` }
    : { kind: "postgres", url: config.databaseUrl };
}

/** The one start-up line of an offline node about the jobs that wait for the network, and where their data comes from instead. */
export function networkJobsNotice(jobs: readonly string[]): string {
  return (
    `Offline (MARKET_DATA_DIR is set): ${jobs.length} job(s) need the network and are not scheduled: ${jobs.join(", ")}. ` +
    "Their data comes from `npm run snapshots:import`, `npm run mirrors:import` and `npm run arena:offline` instead; unset MARKET_DATA_DIR to run them."
  );
}
