import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database-schema.js";

export type RequestOutcome = "quote" | "served" | "free" | "error";

export interface RequestLogEntry {
  tsMs: number;
  requestId: string;
  operationId: string | null;
  method: string;
  path: string;
  status: number;
  outcome: RequestOutcome;
  priceUsd: number | null;
  clientKey: string;
  ecosystem: string;
  assistant: string | null;
  durationMs: number;
  /** The demand facets (migration 0008); absent on rows logged before it. */
  demand?: DemandFacets;
}

export interface DemandFacets {
  /** No route matched the path (a path we do not serve); `path` is then the normalised path. */
  unrouted: boolean;
  automation: "monitor" | "indexer" | null;
  aiCompany: string | null;
  aiRole: string | null;
  category: string | null;
  priceBand: string | null;
}

/** The request log behind the demand reports. Rows carry labels and keyed hashes, never raw IPs or user-agents. */
export class RequestLog {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async append(entry: RequestLogEntry): Promise<void> {
    await this.db
      .insertInto("request_log")
      .values({
        ts_ms: entry.tsMs,
        request_id: entry.requestId,
        operation_id: entry.operationId,
        method: entry.method,
        path: entry.path,
        status: entry.status,
        outcome: entry.outcome,
        price_usd: entry.priceUsd,
        client_key: entry.clientKey,
        ecosystem: entry.ecosystem,
        assistant: entry.assistant,
        duration_ms: entry.durationMs,
        unrouted: entry.demand?.unrouted === true ? 1 : 0,
        automation: entry.demand?.automation ?? null,
        ai_company: entry.demand?.aiCompany ?? null,
        ai_role: entry.demand?.aiRole ?? null,
        category: entry.demand?.category ?? null,
        price_band: entry.demand?.priceBand ?? null,
      })
      .execute();
  }

  async since(fromMs: number): Promise<RequestLogEntry[]> {
    const rows = await this.db
      .selectFrom("request_log")
      .selectAll()
      .where("ts_ms", ">=", fromMs)
      .orderBy("id")
      .execute();
    return rows.map((r) => ({
      tsMs: Number(r.ts_ms),
      requestId: r.request_id,
      operationId: r.operation_id,
      method: r.method,
      path: r.path,
      status: r.status,
      outcome: r.outcome,
      priceUsd: r.price_usd,
      clientKey: r.client_key,
      ecosystem: r.ecosystem,
      assistant: r.assistant,
      durationMs: r.duration_ms,
      demand: {
        unrouted: Number(r.unrouted) === 1,
        automation: r.automation as DemandFacets["automation"],
        aiCompany: r.ai_company,
        aiRole: r.ai_role,
        category: r.category,
        priceBand: r.price_band,
      },
    }));
  }

  /** Deletes rows older than the retention window; returns how many went. */
  async purgeOlderThan(cutoffMs: number): Promise<number> {
    const result = await this.db.deleteFrom("request_log").where("ts_ms", "<", cutoffMs).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
