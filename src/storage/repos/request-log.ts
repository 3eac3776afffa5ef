import type { Kysely } from "kysely";
import type { DatabaseSchema } from "../database-schema.js";
import { precompiledQuery } from "../precompiled-query.js";

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

type RequestLogValues = Omit<RequestLogEntry, "demand"> & {
  unrouted: 0 | 1;
  automation: string | null;
  aiCompany: string | null;
  aiRole: string | null;
  category: string | null;
  priceBand: string | null;
};

/** One per request, paid or not: built once (../precompiled-query.ts). */
const insertRequestLogRow = precompiledQuery<RequestLogValues>((db, slot) =>
  db.insertInto("request_log").values({
    ts_ms: slot("tsMs"),
    request_id: slot("requestId"),
    operation_id: slot("operationId"),
    method: slot("method"),
    path: slot("path"),
    status: slot("status"),
    outcome: slot("outcome"),
    price_usd: slot("priceUsd"),
    client_key: slot("clientKey"),
    ecosystem: slot("ecosystem"),
    assistant: slot("assistant"),
    duration_ms: slot("durationMs"),
    unrouted: slot("unrouted"),
    automation: slot("automation"),
    ai_company: slot("aiCompany"),
    ai_role: slot("aiRole"),
    category: slot("category"),
    price_band: slot("priceBand"),
  }),
);

/** The request log behind the demand reports. Rows carry labels and keyed hashes, never raw IPs or user-agents. */
export class RequestLog {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async append(entry: RequestLogEntry): Promise<void> {
    await insertRequestLogRow(this.db, {
      tsMs: entry.tsMs,
      requestId: entry.requestId,
      operationId: entry.operationId,
      method: entry.method,
      path: entry.path,
      status: entry.status,
      outcome: entry.outcome,
      priceUsd: entry.priceUsd,
      clientKey: entry.clientKey,
      ecosystem: entry.ecosystem,
      assistant: entry.assistant,
      durationMs: entry.durationMs,
      unrouted: entry.demand?.unrouted === true ? 1 : 0,
      automation: entry.demand?.automation ?? null,
      aiCompany: entry.demand?.aiCompany ?? null,
      aiRole: entry.demand?.aiRole ?? null,
      category: entry.demand?.category ?? null,
      priceBand: entry.demand?.priceBand ?? null,
    });
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
