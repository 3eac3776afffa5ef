/**
 * A child process for the crash tests (test/payments/settlement-crash.test.ts): a service node on a shared
 * database and a standalone facilitator that serves one paid call and dies by SIGKILL when the settlement reaches
 * the step named by CRASH_AT ("none": it answers, prints the status and exits). Run as
 * `node --import tsx test/support/settling-node.ts`, so that the pid is this process and nothing else.
 */
import "./no-network.js";
import fs from "node:fs";
import { createDatabase } from "../../src/storage/create-database.js";
import { startServiceOnDataDir } from "./test-service.js";

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined || value === "") throw new Error(`settling-node: ${name} is not set`);
  return value;
};

const dataDir = env("NODE_DATA_DIR");
const crashAt = env("CRASH_AT");
const database =
  process.env.NODE_PG_SCHEMA === undefined
    ? await createDatabase({ kind: "sqlite", file: env("NODE_SQLITE_FILE") })
    : await createDatabase({ kind: "postgres", url: env("NODE_PG_URL"), schema: process.env.NODE_PG_SCHEMA });
fs.mkdirSync(dataDir, { recursive: true });
const service = await startServiceOnDataDir(
  dataDir,
  { FACILITATOR: env("FACILITATOR"), SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`, MPP_SECRET_KEY: "m".repeat(32) },
  {
    database,
    atSettlementStep: (step) => {
      if (step === crashAt) process.kill(process.pid, "SIGKILL");
    },
  },
);
const res = await service.app.request(env("PAID_PATH"), { method: "POST", headers: { "PAYMENT-SIGNATURE": env("PAYMENT") } });
process.stdout.write(`${res.status}\n`);
await service.close();
await database.close();
