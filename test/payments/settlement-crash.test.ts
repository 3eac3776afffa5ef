/**
 * Issue 34: a node killed (SIGKILL) at any step of a settlement leaves the claim, the transfer on chain and the
 * settlement ledger in agreement once reconciliation has run. A child process (test/support/settling-node.ts)
 * serves one paid call through the real settle path on a shared database and a standalone facilitator, and kills
 * itself at the step named; the test process then reconciles, as any surviving or restarted node's job does.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECONCILE_AFTER_MS, reconcilePayments } from "../../src/jobs/payment-reconciliation.js";
import type { Service } from "../../src/main/build-service.js";
import { startStandaloneFacilitator, type StandaloneFacilitator } from "../../src/main/standalone-facilitator.js";
import type { SettlementStep } from "../../src/payments/claiming-facilitator.js";
import { createDatabase, type Database } from "../../src/storage/create-database.js";
import { PaymentClaims } from "../../src/storage/repos/payment-claims.js";
import { createRemotePayer } from "../support/remote-payer.js";
import { decodeHeader } from "../support/test-payer.js";
import { openIsolatedPostgres, testDatabaseKinds } from "../support/test-databases.js";
import { startServiceOnDataDir } from "../support/test-service.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";

const REPO = path.resolve(import.meta.dirname, "../..");
const PRICE_ATOMIC = 10_000n; // /api
const FUNDS = 10_000_000n;
const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `precedent-${name}-`));

/** Runs the child node on one payment; resolves with how it ended. */
function runSettlingNode(env: Record<string, string>): Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/support/settling-node.ts"], {
    cwd: REPO,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code, signal) => resolve({ code, signal, stderr })));
}

describe.skipIf(!SHARED_PRESENT)("a settlement killed at each step", () => {
  let facilitator: StandaloneFacilitator;
  const facilitatorDir = tempDir("crash-facilitator");
  beforeAll(async () => {
    facilitator = await startStandaloneFacilitator({ dataDir: facilitatorDir, port: 0, host: "127.0.0.1", logger: pino({ level: "silent" }) });
  });
  afterAll(async () => {
    await facilitator?.close();
    fs.rmSync(facilitatorDir, { recursive: true, force: true });
  });

  for (const kind of testDatabaseKinds()) {
    describe.skipIf(kind.unavailable)(`on ${kind.name}`, () => {
      const dirs = { survivor: tempDir("crash-survivor"), killed: tempDir("crash-killed") };
      const sqliteFile = path.join(dirs.survivor, "shared.sqlite");
      let database: Database & { schema?: string };
      let survivor: Service;
      beforeAll(async () => {
        database = kind.name === "sqlite" ? await createDatabase({ kind: "sqlite", file: sqliteFile }) : await openIsolatedPostgres(process.env.TEST_PG_URL!);
        const env = { FACILITATOR: facilitator.url, SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`, MPP_SECRET_KEY: "m".repeat(32) };
        survivor = await startServiceOnDataDir(dirs.survivor, env, { database });
      });
      afterAll(async () => {
        await survivor?.close();
        await database?.close();
        for (const dir of Object.values(dirs)) fs.rmSync(dir, { recursive: true, force: true });
      });

      const cases: Array<{ step: SettlementStep; moved: boolean }> = [
        { step: "settling", moved: false },
        { step: "transferred", moved: true },
        { step: "recorded", moved: true },
      ];
      for (const { step, moved } of cases) {
        it(`killed at "${step}": the claim, the chain and the ledger agree after reconciliation`, async () => {
          const payer = await createRemotePayer(facilitator.network, FUNDS);
          const header = await payer.paymentFor(survivor.app, "/api");
          const { nonce } = decodeHeader<{ payload: { authorization: { nonce: `0x${string}` } } }>(header).payload.authorization;
          const ended = await runSettlingNode({
            NODE_DATA_DIR: dirs.killed,
            CRASH_AT: step,
            FACILITATOR: facilitator.url,
            PAYMENT: header,
            PAID_PATH: "/api",
            ...(kind.name === "sqlite" ? { NODE_SQLITE_FILE: sqliteFile } : { NODE_PG_URL: process.env.TEST_PG_URL!, NODE_PG_SCHEMA: database.schema! }),
          });
          expect(ended.signal, ended.stderr).toBe("SIGKILL");

          // Reconciliation as the job runs it once the claim is old enough and its authorization has expired.
          const claims = new PaymentClaims(database.db);
          const noVerify = () => Promise.reject(new Error("the chain answers"));
          await reconcilePayments(claims, { authorizationState: facilitator.network.authorizationState, verify: noVerify }, Date.now() + RECONCILE_AFTER_MS + 200_000);

          const onChain = await facilitator.network.authorizationState(payer.account.address, nonce);
          const claim = await database.db.selectFrom("payment_claims").selectAll().where("nonce", "=", nonce.toLowerCase()).executeTakeFirstOrThrow();
          const settleRows = await database.db
            .selectFrom("settlements")
            .select(["status", "transaction_hash", "claim_key", "payer", "amount_atomic"])
            .where("request_id", "=", claim.request_id)
            .where("phase", "=", "settle")
            .execute();
          const paid = settleRows.filter((row) => row.status === "ok");

          expect(onChain.used).toBe(moved);
          expect(await payer.balance()).toBe(moved ? FUNDS - PRICE_ATOMIC : FUNDS);
          if (moved) {
            expect(claim).toMatchObject({ state: "settled", transaction_hash: onChain.transaction });
            expect(paid).toEqual([
              { status: "ok", transaction_hash: onChain.transaction, claim_key: claim.claim_key, payer: expect.stringMatching(/^0x/i), amount_atomic: "10000" },
            ]);
            expect(paid[0]!.payer?.toLowerCase()).toBe(payer.account.address.toLowerCase());
          } else {
            expect(claim).toMatchObject({ state: "unsettled", transaction_hash: null });
            expect(paid).toEqual([]);
            expect(settleRows).toMatchObject([{ status: "failed", claim_key: claim.claim_key }]);
          }
        });
      }
    });
  }
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
