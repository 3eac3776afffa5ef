import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { DatabaseSchema, RouterEventsTable } from "../database-schema.js";

/** What the router records: a need asked, a go link followed, an outcome reported. */
export type RouterEvent =
  | { kind: "need"; atMs: number; clientKey: string; need: string; resultsFound: number }
  | { kind: "click"; atMs: number; clientKey: string; need: string | null; origin: string; path: string }
  | {
      kind: "outcome";
      atMs: number;
      clientKey: string;
      need: string;
      origin: string;
      path: string;
      helped: boolean;
      paidUsd: number | null;
      note: string | null;
    };

export type StoredRouterEvent = RouterEvent & { id: string };

/**
 * The router's event log, read by the demand reports (declared intent, matches) and by the router's own
 * reliability figures. Callers are identified only by the request log's client key (a salted hash), never by
 * address or user-agent.
 */
export class RouterEvents {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async record(event: RouterEvent): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto("router_events")
      .values({
        id,
        kind: event.kind,
        at_ms: event.atMs,
        client_key: event.clientKey,
        need: event.need,
        origin: event.kind === "need" ? null : event.origin,
        path: event.kind === "need" ? null : event.path,
        helped: event.kind === "outcome" ? (event.helped ? 1 : 0) : null,
        paid_usd: event.kind === "outcome" ? event.paidUsd : null,
        note: event.kind === "outcome" ? event.note : null,
        results_found: event.kind === "need" ? event.resultsFound : null,
      })
      .execute();
    return id;
  }

  /** Every event at or after sinceMs, oldest first (the demand reports' input). */
  async routerEvents(sinceMs: number): Promise<StoredRouterEvent[]> {
    const rows = await this.db.selectFrom("router_events").selectAll().where("at_ms", ">=", sinceMs).orderBy("at_ms").orderBy("id").execute();
    return rows.map(toEvent);
  }

  /** Outcome reports about one origin at or after sinceMs, oldest first. */
  async outcomesFor(origin: string, sinceMs: number): Promise<Array<Extract<StoredRouterEvent, { kind: "outcome" }>>> {
    const rows = await this.db
      .selectFrom("router_events")
      .selectAll()
      .where("origin", "=", origin)
      .where("kind", "=", "outcome")
      .where("at_ms", ">=", sinceMs)
      .orderBy("at_ms")
      .orderBy("id")
      .execute();
    return rows.map(toEvent) as Array<Extract<StoredRouterEvent, { kind: "outcome" }>>;
  }

  /** Drops events older than beforeMs (the request log's 90-day retention applies to them too). */
  async purgeOlderThan(beforeMs: number): Promise<number> {
    const result = await this.db.deleteFrom("router_events").where("at_ms", "<", beforeMs).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

function toEvent(row: Selectable<RouterEventsTable>): StoredRouterEvent {
  const base = { id: row.id, atMs: Number(row.at_ms), clientKey: row.client_key };
  if (row.kind === "need") return { ...base, kind: "need", need: row.need ?? "", resultsFound: row.results_found ?? 0 };
  if (row.kind === "click") return { ...base, kind: "click", need: row.need, origin: row.origin ?? "", path: row.path ?? "" };
  return {
    ...base,
    kind: "outcome",
    need: row.need ?? "",
    origin: row.origin ?? "",
    path: row.path ?? "",
    helped: row.helped === 1,
    paidUsd: row.paid_usd === null ? null : Number(row.paid_usd),
    note: row.note,
  };
}
