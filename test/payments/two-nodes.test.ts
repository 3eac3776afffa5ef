import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Service } from "../../src/main/build-service.js";
import { startStandaloneFacilitator, type StandaloneFacilitator } from "../../src/main/standalone-facilitator.js";
import { createDatabase, type Database } from "../../src/storage/create-database.js";
import { PaymentClaims } from "../../src/storage/repos/payment-claims.js";
import { createRemotePayer, payOn } from "../support/remote-payer.js";
import { openIsolatedPostgres } from "../support/test-databases.js";
import { startServiceOnDataDir } from "../support/test-service.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";

const pgUrl = process.env.TEST_PG_URL;
const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `precedent-${name}-`));

/** Two service nodes on one PostgreSQL (each with its own pool), both paying through one standalone facilitator. */
describe.skipIf(!SHARED_PRESENT || !pgUrl)("two nodes, one PostgreSQL, one standalone facilitator", () => {
  const dirs = [tempDir("facilitator"), tempDir("node-a"), tempDir("node-b")];
  let facilitator: StandaloneFacilitator;
  let shared: Database & { schema: string };
  let secondPool: Database;
  let a: Service;
  let b: Service;
  beforeAll(async () => {
    facilitator = await startStandaloneFacilitator({ dataDir: dirs[0], port: 0, host: "127.0.0.1", logger: pino({ level: "silent" }) });
    shared = await openIsolatedPostgres(pgUrl!);
    secondPool = await createDatabase({ kind: "postgres", url: pgUrl!, schema: shared.schema });
    const env = {
      FACILITATOR: facilitator.url,
      DATABASE_URL: pgUrl!,
      SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`,
      MPP_SECRET_KEY: "m".repeat(32),
    };
    a = await startServiceOnDataDir(dirs[1], env, { database: shared });
    b = await startServiceOnDataDir(dirs[2], env, { database: secondPool });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await secondPool?.close();
    await shared?.close();
    await facilitator?.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("quotes the facilitator's payTo on both nodes, so a 402 from A is paid on B", async () => {
    expect(a.payTo).toBe(facilitator.payTo);
    expect(b.payTo).toBe(facilitator.payTo);
    const payer = await createRemotePayer(facilitator.network);
    const header = await payer.paymentFor(a.app, "/api");
    const res = await payOn(b, header);
    expect(res.status).toBe(200);
    expect(await payer.balance()).toBe(9_990_000n);
  });

  it("refuses on either node a payment settled on the other, before any work and without charging", async () => {
    const payer = await createRemotePayer(facilitator.network);
    const header = await payer.paymentFor(a.app, "/api");
    expect((await payOn(a, header)).status).toBe(200);
    // Top up, so that only our ledger (not an empty wallet) can refuse the replay.
    await facilitator.network.mintUsdc(payer.account.address, 10_000_000n);
    for (const node of [b, a]) {
      const replay = await payOn(node, header);
      expect(replay.status).toBe(402);
    }
    expect(await payer.balance()).toBe(19_990_000n);
  });

  it("lets exactly one of two nodes win one authorization sent to both at once", async () => {
    const payer = await createRemotePayer(facilitator.network);
    const header = await payer.paymentFor(a.app, "/api");
    const send = (node: Service) => payOn(node, header);
    const statuses = (await Promise.all([send(a), send(b), send(a), send(b)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 402, 402, 402]);
    expect(await payer.balance()).toBe(9_990_000n);
    const counts = await new PaymentClaims(shared.db).countByState();
    expect(counts.settled).toBe(3);
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
if (!pgUrl) console.warn("TEST_PG_URL unset: the two-node PostgreSQL suite is skipped");
