import { randomBytes } from "node:crypto";
import type { TestProject } from "vitest/node";
import { dropRunSchemas } from "./postgres-schemas.js";

/**
 * Gives the run a tag for its PostgreSQL schema names and drops those schemas when every test file is done
 * (why not earlier: test/support/postgres-schemas.ts). The tag keeps two runs on one server (a session's and
 * CI's) from dropping each other's schemas.
 */
export default function setup(project: TestProject): () => Promise<void> {
  const runTag = randomBytes(4).toString("hex");
  project.provide("postgresRunTag", runTag);
  return async () => {
    const url = process.env.TEST_PG_URL;
    if (url === undefined || url === "") return;
    await dropRunSchemas(url, runTag);
  };
}
