import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DatabaseSchema } from "../database-schema.js";
import type { RequestOutcome } from "./request-log.js";

/** Columns (or expressions over them) the demand reports may group the request log by. */
export type LogDimension =
  | "path"
  | "unrouted"
  | "automated"
  | "outcome"
  | "category"
  | "price_band"
  | "ai_company"
  | "assistant"
  | "ecosystem"
  | "day";

// A closed table of SQL expressions: nothing a caller sends is ever spliced into a query.
const EXPRESSIONS: Record<LogDimension, string> = {
  path: "path",
  unrouted: "unrouted",
  automated: "(CASE WHEN automation IS NULL THEN 0 ELSE 1 END)",
  outcome: "outcome",
  category: "COALESCE(category, 'unknown')",
  price_band: "COALESCE(price_band, 'none')",
  ai_company: "COALESCE(ai_company, '')",
  assistant: "COALESCE(assistant, '')",
  ecosystem: "ecosystem",
  // UTC day number; integer division on both SQLite and PostgreSQL.
  day: "(ts_ms / 86400000)",
};

export interface LogFilter {
  fromMs: number;
  toMs: number;
  automated?: boolean;
  unrouted?: boolean;
  outcomes?: readonly RequestOutcome[];
  /** Only rows a known AI company's crawler sent. */
  aiCrawler?: boolean;
  /** Only rows referred by a known assistant (a Referer host or utm_source of one). */
  assistantReferral?: boolean;
  /** Leave these paths out (noise such as /favicon.ico). */
  pathsNot?: readonly string[];
}

export interface RollupSpec {
  /** The cell: the finest grouping (with the UTC day) whose distinct clients are counted against the minimum. */
  cell: readonly LogDimension[];
  /** The row: what each result groups by; every row figure is a sum over kept cells. */
  row: readonly LogDimension[];
  filter: LogFilter;
  minClientsPerCell: number;
}

export interface RollupRow {
  key: Partial<Record<LogDimension, string | number>>;
  /** Exact distinct clients over the row's kept cells: for the privacy module only, never published as is. */
  clients: number;
  requests: number;
  quotes: number;
  served: number;
  days: number;
  firstDay: number;
  lastDay: number;
}

/**
 * Cell-suppressed aggregates of the request log, computed in SQL: cells (cell dimensions x UTC day) with fewer
 * than `minClientsPerCell` distinct clients are dropped first, then rows are summed from the remaining events.
 * The rule itself (which cells, which rows, what minimum) belongs to the demand privacy module, its only caller.
 */
export class RequestLogRollups {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async rollup(spec: RollupSpec): Promise<RollupRow[]> {
    const cellExprs = [...spec.cell.map((d) => EXPRESSIONS[d]), EXPRESSIONS.day];
    const rowExprs = spec.row.map((d) => EXPRESSIONS[d]);
    const where = whereClause(spec.filter);
    const cellSelect = sql.join(cellExprs.map((e, i) => sql`${sql.raw(e)} AS ${sql.ref(`c${i}`)}`));
    const join = sql.join(
      cellExprs.map((e, i) => sql`${sql.raw(e)} = kept.${sql.ref(`c${i}`)}`),
      sql` AND `,
    );
    const rowSelect = rowExprs.length === 0 ? sql`` : sql`${sql.join(rowExprs.map((e, i) => sql`${sql.raw(e)} AS ${sql.ref(`r${i}`)}`))}, `;
    const groupBy = rowExprs.length === 0 ? sql`` : sql`GROUP BY ${sql.join(rowExprs.map((e) => sql.raw(e)))}`;
    const query = sql<Record<string, string | number>>`
      WITH kept AS (
        SELECT ${cellSelect} FROM request_log WHERE ${where}
        GROUP BY ${sql.join(cellExprs.map((e) => sql.raw(e)))}
        HAVING COUNT(DISTINCT client_key) >= ${spec.minClientsPerCell}
      )
      SELECT ${rowSelect}
        COUNT(DISTINCT client_key) AS clients, COUNT(*) AS requests,
        SUM(CASE WHEN outcome = 'quote' THEN 1 ELSE 0 END) AS quotes,
        SUM(CASE WHEN outcome = 'served' THEN 1 ELSE 0 END) AS served,
        COUNT(DISTINCT ${sql.raw(EXPRESSIONS.day)}) AS days,
        MIN(${sql.raw(EXPRESSIONS.day)}) AS first_day, MAX(${sql.raw(EXPRESSIONS.day)}) AS last_day
      FROM request_log JOIN kept ON ${join}
      WHERE ${where}
      ${groupBy}`;
    const { rows } = await query.execute(this.db);
    return rows
      .filter((r) => Number(r.requests) > 0)
      .map((r) => ({
        key: Object.fromEntries(spec.row.map((d, i) => [d, r[`r${i}`]])),
        clients: Number(r.clients),
        requests: Number(r.requests),
        quotes: Number(r.quotes),
        served: Number(r.served),
        days: Number(r.days),
        firstDay: Number(r.first_day),
        lastDay: Number(r.last_day),
      }));
  }
}

function whereClause(filter: LogFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [sql`ts_ms >= ${filter.fromMs}`, sql`ts_ms < ${filter.toMs}`];
  if (filter.automated !== undefined) parts.push(sql`${sql.raw(EXPRESSIONS.automated)} = ${filter.automated ? 1 : 0}`);
  if (filter.unrouted !== undefined) parts.push(sql`unrouted = ${filter.unrouted ? 1 : 0}`);
  if (filter.outcomes !== undefined) parts.push(sql`outcome IN (${sql.join([...filter.outcomes])})`);
  if (filter.aiCrawler === true) parts.push(sql`ai_company IS NOT NULL AND automation IS NULL`);
  if (filter.assistantReferral === true) parts.push(sql`assistant IS NOT NULL AND assistant <> 'other'`);
  if (filter.pathsNot !== undefined && filter.pathsNot.length > 0) parts.push(sql`path NOT IN (${sql.join([...filter.pathsNot])})`);
  return sql.join(parts, sql` AND `);
}
