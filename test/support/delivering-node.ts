/**
 * A child process for test/alerts/delivery-crash.test.ts: a service node on a shared PostgreSQL database and job
 * queue (DATABASE_URL, so the pg-boss runner) that runs the alert delivery job once. The test kills it (SIGKILL)
 * while the webhook POST is in flight. Run as `node --import tsx test/support/delivering-node.ts`.
 */
import "./no-network.js";
import { ALERT_DELIVERY_JOB } from "../../src/jobs/alert-jobs.js";
import { createDatabase } from "../../src/storage/create-database.js";
import { startServiceOnDataDir } from "./test-service.js";

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === "") throw new Error(`delivering-node: ${name} is not set`);
  return value;
};

const url = env("NODE_PG_URL");
const database = await createDatabase({ kind: "postgres", url, schema: env("NODE_PG_SCHEMA") });
const service = await startServiceOnDataDir(
  env("NODE_DATA_DIR"),
  { DATABASE_URL: url, OUTBOUND_ALLOW_HOSTS: "webhook.test", SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`, MPP_SECRET_KEY: "m".repeat(32) },
  {
    database,
    jobsSchema: env("NODE_JOBS_SCHEMA"),
    outboundResolve: async () => [{ address: "127.0.0.1", family: 4 as const }],
  },
);
await service.jobs.runNow(ALERT_DELIVERY_JOB);
await service.close();
await database.close();
