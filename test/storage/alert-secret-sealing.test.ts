import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { webhookSignature } from "../../src/services/alerts/webhook-payload.js";
import type { Database } from "../../src/storage/create-database.js";
import { AlertStore, type NewAlert } from "../../src/storage/repos/alert-store.js";
import { SecretBox } from "../../src/storage/secret-box.js";
import { paidRoutes } from "../support/paid-routes.js";
import { queryOf } from "../support/query-of.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { describeOnEachDatabase, emptiedBeforeEach } from "../support/test-databases.js";

/*
 * Issue 34, point 9: alert webhook secrets were stored in plaintext, so a database dump let anyone sign webhooks
 * as us. They are sealed with AES-256-GCM (key beside the service's other keys), and rows written before are
 * sealed at start-up, on SQLite and PostgreSQL.
 */

const NOW_MS = Date.parse("2026-06-01T12:00:00Z");
const alert = (watchId: string, secret: string): NewAlert => ({
  watchId, kind: "price", ticker: "AAPL", condition: "price_above", threshold: 1, webhookUrl: "https://hooks.example.com/x",
  secret, pattern: null, createdAtMs: NOW_MS, expiresAtMs: NOW_MS + 86_400_000,
});
const storedSecrets = async (database: Database) =>
  new Map((await database.db.selectFrom("alerts").select(["watch_id", "secret"]).execute()).map((r) => [r.watch_id, r.secret]));

describeOnEachDatabase("alert secrets at rest", (open) => {
  const fresh = emptiedBeforeEach(open);
  it("a new alert's secret is stored sealed and read back whole; the webhook signature is the one the caller can check", async () => {
    const database = fresh();
    const store = new AlertStore(database.db, new SecretBox(randomBytes(32)));
    const secret = randomBytes(32).toString("hex");
    await store.insert(alert("a".repeat(32), secret));
    const stored = (await storedSecrets(database)).get("a".repeat(32))!;
    expect(stored).not.toContain(secret);
    expect(stored).toMatch(/^v1:[A-Za-z0-9_-]+$/);
    const record = await store.get("a".repeat(32));
    expect(record?.secret).toBe(secret);
    expect(webhookSignature("{}", record!.secret)).toBe(`sha256=${createHmac("sha256", secret).update("{}").digest("hex")}`);
  });

  it("migrates plaintext rows: sealed once (two nodes racing included), read back unchanged, then nothing left to seal", async () => {
    const database = fresh();
    const key = randomBytes(32);
    const plain = new Map(["b", "c", "d"].map((c) => [c.repeat(32), randomBytes(32).toString("hex")]));
    // Rows as the code before encryption wrote them.
    for (const [watchId, secret] of plain) {
      await database.db.insertInto("alerts").values({ ...rowOf(alert(watchId, secret)), secret }).execute();
    }
    const [nodeA, nodeB] = [new AlertStore(database.db, new SecretBox(key)), new AlertStore(database.db, new SecretBox(key))];
    // A node not yet migrated still reads plaintext rows.
    expect((await nodeA.get("b".repeat(32)))?.secret).toBe(plain.get("b".repeat(32)));
    const sealed = await Promise.all([nodeA.sealPlaintextSecrets(), nodeB.sealPlaintextSecrets()]);
    expect(sealed[0] + sealed[1]).toBe(3);
    const stored = await storedSecrets(database);
    for (const [watchId, secret] of plain) {
      expect(stored.get(watchId)).toMatch(/^v1:/);
      expect(stored.get(watchId)).not.toContain(secret);
      expect((await nodeB.get(watchId))?.secret).toBe(secret);
    }
    expect(await nodeA.sealPlaintextSecrets()).toBe(0);
  });

  it("a sealed secret does not open with another key, nor on another row", async () => {
    const database = fresh();
    const store = new AlertStore(database.db, new SecretBox(randomBytes(32)));
    await store.insert(alert("e".repeat(32), "secret-e"));
    const sealed = (await storedSecrets(database)).get("e".repeat(32))!;
    await expect(new AlertStore(database.db, new SecretBox(randomBytes(32))).get("e".repeat(32))).rejects.toThrow();
    await store.insert(alert("f".repeat(32), "secret-f"));
    await database.db.updateTable("alerts").set({ secret: sealed }).where("watch_id", "=", "f".repeat(32)).execute();
    await expect(store.get("f".repeat(32))).rejects.toThrow();
  });
});

function rowOf(a: NewAlert) {
  return {
    watch_id: a.watchId, kind: a.kind, ticker: a.ticker, condition: a.condition, threshold: a.threshold, webhook_url: a.webhookUrl,
    pattern: null, state: "active", created_at_ms: a.createdAtMs, expires_at_ms: a.expiresAtMs,
  };
}

describe.skipIf(!SHARED_PRESENT)("a registered alert's secret through the real stack", () => {
  const paid = paidRoutes();

  it("is returned to the caller once and is nowhere in the database", async () => {
    const { status, body } = await paid.call(`/watch/register?${queryOf({ ticker: "AAPL", condition: "price_above", threshold: 1, webhook_url: "https://93.184.215.14/hook" })}`);
    expect(status).toBe(200);
    expect(body.secret).toMatch(/^[0-9a-f]{64}$/);
    const rows = await paid.service().database.db.selectFrom("alerts").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(body.secret);
  });
});
