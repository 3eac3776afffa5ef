import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DatabaseSchema } from "../database-schema.js";
import type { RequestOutcome } from "./request-log.js";
import { ownValue } from "../../domain/own-value.js";

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
  /** A client's requests in one cell on one day count at most this many times (bounds one client's weight). */
  clipPerClientCellDay: number;
}

/** One kept cell on one UTC day, with its clipped figures. */
export interface RollupCellDay {
  /** The cell's dimensions, `day` included. */
  cell: Partial<Record<LogDimension, string | number>>;
  requests: number;
  quotes: number;
  served: number;
}

export interface RollupRow {
  key: Partial<Record<LogDimension, string | number>>;
  /** Exact distinct clients over the row's kept cells: for the privacy module only, never published as is. */
  clients: number;
  days: number;
  firstDay: number;
  lastDay: number;
  /** The kept cell-days the row's figures are summed from. */
  cells: RollupCellDay[];
}

/**
 * Cell-suppressed aggregates of the request log, computed in SQL: cells (cell dimensions x UTC day) with fewer
 * than `minClientsPerCell` distinct clients are dropped first; each row then gets its distinct clients and days,
 * and its kept cell-days with every client's requests clipped. The rule itself (which cells, which rows, what
 * minimum, what clip) belongs to the demand privacy module, its only caller, which also adds the noise.
 */
export class RequestLogRollups {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  async rollup(spec: RollupSpec): Promise<RollupRow[]> {
    const cellDimensions = [...spec.cell, "day" as const];
    const cellExprs = cellDimensions.map((d) => EXPRESSIONS[d]);
    const rowExprs = spec.row.map((d) => EXPRESSIONS[d]);
    const cellCols = cellExprs.map((_, i) => sql.ref(`c${i}`));
    const rowCols = rowExprs.map((_, i) => sql.ref(`r${i}`));
    const aliased = (exprs: string[], prefix: string) => exprs.map((e, i) => sql`${sql.raw(e)} AS ${sql.ref(`${prefix}${i}`)}`);
    const dayCol = sql.ref(`c${cellExprs.length - 1}`);
    const clip = (column: string) => sql`SUM(CASE WHEN ${sql.ref(column)} > ${spec.clipPerClientCellDay} THEN ${spec.clipPerClientCellDay} ELSE ${sql.ref(column)} END)`;
    const nulls = (n: number) => Array.from({ length: n }, () => sql`NULL`);
    const groupedBy = (cols: RawBuilder<unknown>[]) => (cols.length === 0 ? sql`` : sql`GROUP BY ${sql.join(cols)}`);
    // No join: one pass groups events per (cell, day, client); a window count over those gives each cell's distinct
    // clients. From the kept cells' per-client lines come two kinds of line: one per kept cell-day (clipped sums)
    // and one per row (distinct clients and days). Row dimensions are functions of the cell, so grouping by them
    // as well never splits a cell.
    const query = sql<Record<string, string | number | null>>`
      WITH per_client AS (
        SELECT ${sql.join([...aliased(cellExprs, "c"), ...aliased(rowExprs, "r")])}, client_key,
          COUNT(*) AS requests,
          SUM(CASE WHEN outcome = 'quote' THEN 1 ELSE 0 END) AS quotes,
          SUM(CASE WHEN outcome = 'served' THEN 1 ELSE 0 END) AS served
        FROM request_log WHERE ${whereClause(spec.filter)}
        GROUP BY ${sql.join([...cellExprs, ...rowExprs].map((e) => sql.raw(e)))}, client_key
      ),
      cells AS (SELECT per_client.*, COUNT(*) OVER (PARTITION BY ${sql.join(cellCols)}) AS cell_clients FROM per_client),
      kept AS MATERIALIZED (SELECT * FROM cells WHERE cell_clients >= ${spec.minClientsPerCell})
      SELECT 'cell' AS line, ${sql.join([...rowCols, ...cellCols])}, ${clip("requests")} AS a, ${clip("quotes")} AS b, ${clip("served")} AS c, 0 AS d
      FROM kept GROUP BY ${sql.join([...rowCols, ...cellCols])}
      UNION ALL
      SELECT 'row' AS line, ${sql.join([...rowCols, ...nulls(cellCols.length)])},
        COUNT(DISTINCT client_key) AS a, COUNT(DISTINCT ${dayCol}) AS b, MIN(${dayCol}) AS c, MAX(${dayCol}) AS d
      FROM kept ${groupedBy(rowCols)}`;
    const { rows } = await query.execute(this.db);
    const value = (v: string | number | null | undefined) => (typeof v === "string" ? v : Number(v));
    const keyOf = (r: Record<string, string | number | null>) => Object.fromEntries(spec.row.map((d, i) => [d, value(ownValue(r, `r${i}`))]));
    const byKey = new Map<string, RollupRow>();
    for (const r of rows) {
      if (r.line !== "row" || Number(r.a) === 0) continue;
      const key = keyOf(r);
      byKey.set(JSON.stringify(key), { key, clients: Number(r.a), days: Number(r.b), firstDay: Number(r.c), lastDay: Number(r.d), cells: [] });
    }
    for (const r of rows) {
      if (r.line !== "cell") continue;
      const cell = Object.fromEntries(cellDimensions.map((d, i) => [d, value(ownValue(r, `c${i}`))]));
      byKey.get(JSON.stringify(keyOf(r)))?.cells.push({ cell, requests: Number(r.a), quotes: Number(r.b), served: Number(r.c) });
    }
    return [...byKey.values()];
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
