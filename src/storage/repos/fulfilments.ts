import type { Kysely, Selectable } from "kysely";
import type { FulfilmentFinish, FulfilmentOutcome, FulfilmentRecord, FulfilmentStart } from "../../domain/fulfilment.js";
import type { DatabaseSchema, FulfilmentsTable } from "../database-schema.js";

/**
 * The fulfilment log of /api/route. `open` writes the row before the seller is paid; `finish` writes the
 * outcome once, conditional on the row still being `paying`, so nothing can overwrite a finished purchase.
 */
export class Fulfilments {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async open(start: FulfilmentStart): Promise<void> {
    await this.db
      .insertInto("fulfilments")
      .values({
        request_id: start.requestId,
        created_at_ms: start.createdAtMs,
        payer: start.payer,
        seller_url: start.sellerUrl,
        seller_method: start.sellerMethod,
        caller_quote_atomic: start.callerQuoteAtomic,
        outcome: "paying",
      })
      .execute();
  }

  /** False when the row was already finished (or never opened). */
  async finish(requestId: string, finish: FulfilmentFinish): Promise<boolean> {
    const result = await this.db
      .updateTable("fulfilments")
      .set({
        outcome: finish.outcome,
        seller_amount_atomic: finish.sellerAmountAtomic,
        seller_pay_to: finish.sellerPayTo,
        seller_transaction: finish.sellerTransaction,
        seller_status: finish.sellerStatus,
        detail: finish.detail,
        finished_at_ms: finish.finishedAtMs,
      })
      .where("request_id", "=", requestId)
      .where("outcome", "=", "paying")
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async byRequestId(requestId: string): Promise<FulfilmentRecord | undefined> {
    const row = await this.db.selectFrom("fulfilments").selectAll().where("request_id", "=", requestId).executeTakeFirst();
    return row === undefined ? undefined : toRecord(row);
  }

  /**
   * Purchases finished at or after sinceMs in which the route wallet paid and nothing was delivered: the seller
   * answered something other than 200 after payment, or the connection broke after payment. Each is a
   * possible loss (the seller may or may not have settled our payment); `sellerTransaction` is set when the
   * seller's own receipt says it did.
   */
  async paidWithoutDelivery(sinceMs: number): Promise<Array<{ sellerUrl: string; sellerAmountAtomic: bigint; sellerTransaction: string | null; finishedAtMs: number }>> {
    const rows = await this.db
      .selectFrom("fulfilments")
      .select(["seller_url", "seller_amount_atomic", "seller_transaction", "finished_at_ms"])
      .where("finished_at_ms", ">=", sinceMs)
      .where("seller_amount_atomic", "is not", null)
      .where((eb) => eb.or([eb("outcome", "=", "seller_failed"), eb.and([eb("outcome", "=", "seller_unreachable"), eb("detail", "like", "after payment%")])]))
      .orderBy("finished_at_ms")
      .execute();
    return rows.map((r) => ({ sellerUrl: r.seller_url, sellerAmountAtomic: BigInt(r.seller_amount_atomic!), sellerTransaction: r.seller_transaction, finishedAtMs: Number(r.finished_at_ms) }));
  }

  /** Oldest first: the whole log, for audits and tests. */
  async all(): Promise<FulfilmentRecord[]> {
    return (await this.db.selectFrom("fulfilments").selectAll().orderBy("created_at_ms").orderBy("request_id").execute()).map(toRecord);
  }
}

function toRecord(row: Selectable<FulfilmentsTable>): FulfilmentRecord {
  return {
    requestId: row.request_id,
    createdAtMs: Number(row.created_at_ms),
    payer: row.payer,
    sellerUrl: row.seller_url,
    sellerMethod: row.seller_method as "GET" | "POST",
    callerQuoteAtomic: row.caller_quote_atomic,
    outcome: row.outcome as FulfilmentOutcome,
    sellerAmountAtomic: row.seller_amount_atomic,
    sellerPayTo: row.seller_pay_to,
    sellerTransaction: row.seller_transaction,
    sellerStatus: row.seller_status,
    detail: row.detail,
    finishedAtMs: row.finished_at_ms === null ? undefined : Number(row.finished_at_ms),
  };
}
