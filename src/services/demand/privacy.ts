import { DAY_MS } from "../../domain/bar.js";
import type { LogDimension, LogFilter, RollupRow, RollupSpec } from "../../storage/repos/request-log-rollups.js";
import { CLIP_PER_CLIENT_CELL_DAY, type FigureNoise } from "./figure-noise.js";

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
 * 5. Noise. Rules 1-3 stop nobody who can make the other two clients up (a new user-agent, a fresh wallet), so
 *    every published count carries differentially private noise on top (./figure-noise.ts): each kept cell-day's
 *    clipped request count is noised once, and every figure is a sum of noisy cell-days (rule 3's sums, so
 *    subtracting published figures isolates noisy cell-days only); distinct-client counts are noised before they
 *    are bucketed.
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

/** A cell's name for its noise draw: its dimensions' values in a fixed order (the day is drawn separately). */
export function cellName(cell: Partial<Record<LogDimension, string | number>>): string {
  return LOG_CELL.map((d) => String(cell[d])).join("\u0000");
}

export type LogRowFilter = Omit<LogFilter, "fromMs" | "toMs" | "pathsNot">;

/** Rollups kept per node: past days never change (rows are written at "now", retention deletes whole days). */
const MAX_CACHED_ROLLUPS = 512;

export class PrivateLog {
  private readonly cache = new Map<string, Promise<PublishedRow[]>>();

  constructor(
    private readonly log: LogRollups,
    private readonly noise: FigureNoise,
  ) {}

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
    const spec: RollupSpec = { cell: LOG_CELL, row, filter: scoped, minClientsPerCell: MIN_DISTINCT_CLIENTS, clipPerClientCellDay: CLIP_PER_CLIENT_CELL_DAY };
    const rows = await this.log.rollup(spec);
    const rollup = JSON.stringify([row, filter, window.days]);
    const published: PublishedRow[] = [];
    for (const r of rows) if (r.clients >= MIN_DISTINCT_CLIENTS) published.push(await this.publish(r, rollup, window));
    return published;
  }

  /** A row's figures: sums of its noisy cell-days; its client bucket from a noisy count, never below the minimum. */
  private async publish(r: RollupRow, rollup: string, window: ReportWindow): Promise<PublishedRow> {
    const sums = { requests: 0, quotes: 0, served: 0 };
    for (const cellDay of r.cells) {
      // The outcome is part of the cell, so a cell-day's requests are all quotes, all paid calls or neither: one
      // noisy count per cell-day serves all three figures (one release, one share of the budget). Rounded here, so
      // sums of the same cell-days agree exactly whatever rows they are grouped into.
      const noisy = Math.round(cellDay.requests + (await this.noise.cellDay(cellName(cellDay.cell), Number(cellDay.cell.day))));
      sums.requests += noisy;
      if (cellDay.cell.outcome === "quote") sums.quotes += noisy;
      if (cellDay.cell.outcome === "served") sums.served += noisy;
    }
    const noisyClients = r.clients + (await this.noise.clientCount(`${rollup}|${JSON.stringify(r.key)}`, window.toMs / DAY_MS));
    // A sum of noise can fall below zero; a count is never shown negative.
    const count = (x: number) => Math.max(0, Math.round(x));
    return {
      key: r.key,
      clients: clientBucket(Math.max(MIN_DISTINCT_CLIENTS, count(noisyClients))),
      requests: count(sums.requests),
      quotes: count(sums.quotes),
      served: count(sums.served),
      days: r.days,
      firstDate: isoDay(r.firstDay * DAY_MS),
      lastDate: isoDay(r.lastDay * DAY_MS),
    };
  }
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
