import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database-schema.js";

/**
 * One random salt per retention period, shared by every node through the database, so a client's key is
 * stable within a period and unlinkable across periods. The first node to need a period's salt creates it;
 * a concurrent creator loses the insert race and reads the winner's.
 */
export class ClientKeySalts {
  private readonly cache = new Map<number, string>();

  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async saltFor(periodStartMs: number): Promise<string> {
    const cached = this.cache.get(periodStartMs);
    if (cached !== undefined) return cached;
    await this.db
      .insertInto("client_key_salts")
      .values({ period_start_ms: periodStartMs, salt: randomBytes(32).toString("hex") })
      .onConflict((oc) => oc.column("period_start_ms").doNothing())
      .execute();
    const row = await this.db
      .selectFrom("client_key_salts")
      .select("salt")
      .where("period_start_ms", "=", periodStartMs)
      .executeTakeFirstOrThrow();
    this.cache.set(periodStartMs, row.salt);
    return row.salt;
  }

  /** Salts of periods before `keepFromMs` are destroyed with the rows they keyed. */
  async forgetBefore(keepFromMs: number): Promise<void> {
    await this.db.deleteFrom("client_key_salts").where("period_start_ms", "<", keepFromMs).execute();
    for (const period of this.cache.keys()) if (period < keepFromMs) this.cache.delete(period);
  }
}
