import type { TestProject } from "vitest/node";
import { dropRunSchemas, dropStaleRunSchemas, newRunTag } from "./postgres-schemas.js";

/** Schemas of a run this much older than now are a killed run's leftovers (a full run takes minutes). */
const STALE_RUN_MS = 6 * 60 * 60_000;

/**
 * Gives the run a tag for its PostgreSQL schema names and drops those schemas when every test file is done
 * (why not earlier: test/support/postgres-schemas.ts). The tag keeps two runs on one server (a session's and
 * CI's) from dropping each other's schemas; it starts with the run's start time, so that each run also drops
 * what runs killed before their teardown left, once those are hours old.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const runTag = newRunTag();
  project.provide("postgresRunTag", runTag);
  const url = process.env.TEST_PG_URL;
  if (url !== undefined && url !== "") await dropStaleRunSchemas(url, STALE_RUN_MS);
  return async () => {
    if (url === undefined || url === "") return;
    await dropRunSchemas(url, runTag);
  };
}
