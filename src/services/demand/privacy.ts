import { DAY_MS } from "../../domain/bar.js";
import type { LogDimension, LogFilter, RollupRow, RollupSpec } from "../../storage/repos/request-log-rollups.js";

/**
 * The privacy rules of every demand report, in one place (companion-api §1.2 and §8, agent-economy.md §5).
 * Reports never see the request log or an exact client count: they ask this module for rows and get published
 * rows only.
 *
 * 1. Minimum 3 distinct clients. The unit is the cell: the finest grouping any report uses, on one UTC day (for
 *    the request log: path x routed x monitor x outcome x AI company x assistant x ecosystem x day; for router
 *    events: intent x kind x origin x helped x day). A cell with 1 or 2 distinct clients is dropped before
 *    anything is summed; a row is published only if its kept cells hold at least 3 distinct clients.
 * 2. Buckets. Client counts leave as `3-9`, `10-24`, `25-49`, `50-99`, `100+` (or `0`: nothing publishable).
 * 3. Complementary suppression. Every published figure (a row, a category, a total, a day, any window) is a sum
 *    over kept cells, and every row grouping is a function of its cell. So the difference of any two published
 *    figures (a total minus its rows, a category minus its endpoints, 30 days minus 7 days, window n+1 minus n,
 *    today's report minus yesterday's, one report minus another) is itself a sum of kept cells: 0 or at least 3
 *    clients. There are no
 *    "other" rows and no totals over withheld rows. Windows are whole UTC days, so no two windows differ by less
 *    than a day's kept cells.
 * 4. Nothing per client leaves the database: rows are aggregates keyed by labels, normalised paths (identifiers
 *    masked) and categories; raw user-agents, addresses, wallets and query strings are never stored.
 */

export const MIN_DISTINCT_CLIENTS = 3;
export const CLIENT_BUCKETS = ["3-9", "10-24", "25-49", "50-99", "100+"] as const;
export type ClientBucket = (typeof CLIENT_BUCKETS)[number] | "0";

export function clientBucket(clients: number): ClientBucket {
  if (clients === 0) return "0";
  // A count of 1 or 2 here means a cell escaped suppression: a bug, never a published figure.
  if (clients < MIN_DISTINCT_CLIENTS) throw new Error(`privacy: a row with ${clients} distinct clients reached publication`);
  if (clients < 10) return "3-9";
  if (clients < 25) return "10-24";
  if (clients < 50) return "25-49";
  if (clients < 100) return "50-99";
  return "100+";
}

/** A report window: the `days` complete UTC days before the day of `nowMs` (today is never counted). */
export interface ReportWindow {
  days: number;
  fromMs: number;
  toMs: number;
  /** First and last day covered, YYYY-MM-DD. */
  from: string;
  to: string;
}

export function completeDays(nowMs: number, days: number, endOffsetDays = 0): ReportWindow {
  const toMs = (Math.floor(nowMs / DAY_MS) - endOffsetDays) * DAY_MS;
  const fromMs = toMs - days * DAY_MS;
  return { days, fromMs, toMs, from: isoDay(fromMs), to: isoDay(toMs - DAY_MS) };
}

export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export interface PublishedRow {
  key: Partial<Record<LogDimension, string | number>>;
  clients: ClientBucket;
  requests: number;
  quotes: number;
  served: number;
  days: number;
  firstDate: string;
  lastDate: string;
}

/** The request log's privacy-suppressed rollups (the storage repository implements it). */
export interface LogRollups {
  rollup(spec: RollupSpec): Promise<RollupRow[]>;
}

/**
 * The one cell of the request log, shared by every report: path x routed x monitor x outcome x AI company x
 * referring assistant x ecosystem (x UTC day). Reports of different kinds (per endpoint, per AI company, per
 * ecosystem, per day) are then sums over the same kept cells, so no report can be subtracted from another to
 * isolate a withheld group either (a path's hits minus the published crawlers' crawls, say).
 */
const LOG_CELL: readonly LogDimension[] = ["path", "unrouted", "automated", "outcome", "ai_company", "assistant", "ecosystem"];

/** Row dimensions that are functions of a cell dimension (the category and price band of a path). */
const DERIVED: Partial<Record<LogDimension, LogDimension>> = { category: "path", price_band: "path" };

/**
 * The router's own paths: their requests are reported as router events (intent), counted in the router's cells;
 * leaving them out of the log's reports keeps the two sources from being subtracted from each other.
 */
export const ROUTER_PATHS = ["/api/discover", "/api/discover/go", "/api/discover/outcome"];

export type LogRowFilter = Omit<LogFilter, "fromMs" | "toMs" | "pathsNot">;

/** Rollups kept per node: past days never change (rows are written at "now", retention deletes whole days). */
const MAX_CACHED_ROLLUPS = 512;

export class PrivateLog {
  private readonly cache = new Map<string, Promise<PublishedRow[]>>();

  constructor(private readonly log: LogRollups) {}

  /**
   * Published rows of whole past UTC days, so the answer for a window cannot change during the day: it is computed
   * once per node and kept (a full-log scan on SQLite takes seconds and blocks the event loop).
   */
  rows(row: readonly LogDimension[], window: ReportWindow, filter: LogRowFilter = {}): Promise<PublishedRow[]> {
    const key = JSON.stringify([row, window.fromMs, window.toMs, filter]);
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    if (this.cache.size >= MAX_CACHED_ROLLUPS) this.cache.clear();
    const computed = this.compute(row, window, filter);
    this.cache.set(key, computed);
    computed.catch(() => this.cache.delete(key));
    return computed;
  }

  private async compute(row: readonly LogDimension[], window: ReportWindow, filter: LogRowFilter): Promise<PublishedRow[]> {
    for (const dimension of row) {
      const source = DERIVED[dimension];
      if (dimension !== "day" && !LOG_CELL.includes(dimension) && (source === undefined || !LOG_CELL.includes(source))) {
        throw new Error(`privacy: rows cannot group by ${dimension}, which is not a function of the cell`);
      }
    }
    const scoped: LogFilter = { ...filter, fromMs: window.fromMs, toMs: window.toMs, pathsNot: ROUTER_PATHS };
    const rows = await this.log.rollup({ cell: LOG_CELL, row, filter: scoped, minClientsPerCell: MIN_DISTINCT_CLIENTS });
    return rows.filter((r) => r.clients >= MIN_DISTINCT_CLIENTS).map(publish);
  }
}

function publish(r: RollupRow): PublishedRow {
  return {
    key: r.key,
    clients: clientBucket(r.clients),
    requests: r.requests,
    quotes: r.quotes,
    served: r.served,
    days: r.days,
    firstDate: isoDay(r.firstDay * DAY_MS),
    lastDate: isoDay(r.lastDay * DAY_MS),
  };
}

/** An event from outside the request log (router needs, clicks, outcomes) that a report counts per client. */
export interface ClientEvent {
  clientKey: string;
  atMs: number;
}

export interface PublishedGroup<E> {
  row: string;
  clients: ClientBucket;
  events: E[];
}

/**
 * The same rules for events held in memory: events are grouped into cells (`cellOf` x UTC day), cells with fewer
 * than 3 distinct clients are dropped, and rows are formed from kept cells. `rowOf` must be a function of the
 * cell: a cell whose events map to two rows is refused.
 */
export function privateGroups<E extends ClientEvent>(
  events: readonly E[],
  window: ReportWindow,
  cellOf: (event: E) => string,
  rowOf: (event: E) => string,
): PublishedGroup<E>[] {
  const cells = new Map<string, { row: string; clients: Set<string>; events: E[] }>();
  for (const event of events) {
    if (event.atMs < window.fromMs || event.atMs >= window.toMs) continue;
    const key = `${cellOf(event)}\u0000${Math.floor(event.atMs / DAY_MS)}`;
    const row = rowOf(event);
    const cell = cells.get(key) ?? { row, clients: new Set<string>(), events: [] };
    if (cell.row !== row) throw new Error(`privacy: rows must be a function of the cell (${row} vs ${cell.row})`);
    cell.clients.add(event.clientKey);
    cell.events.push(event);
    cells.set(key, cell);
  }
  const rows = new Map<string, { clients: Set<string>; events: E[] }>();
  for (const cell of cells.values()) {
    if (cell.clients.size < MIN_DISTINCT_CLIENTS) continue;
    const row = rows.get(cell.row) ?? { clients: new Set<string>(), events: [] };
    for (const client of cell.clients) row.clients.add(client);
    row.events.push(...cell.events);
    rows.set(cell.row, row);
  }
  return [...rows].map(([row, { clients, events: kept }]) => ({ row, clients: clientBucket(clients.size), events: kept }));
}

/** Totals are only ever sums of published rows (rule 3). */
export function sumOf<T>(rows: readonly T[], figure: (row: T) => number): number {
  return rows.reduce((total, row) => total + figure(row), 0);
}
