import type { RequestOutcome } from "../../storage/repos/request-log.js";
import { ROUTE_CATALOG } from "../../contracts/route-catalog.js";
import { sumOf, type ClientBucket, type PrivateLog, type PublishedRow, type ReportWindow } from "./privacy.js";

/**
 * Top, unmet and conversion: the reports built from the request log's demand cells only. Monitors and x402
 * indexers are left out of demand (they ask for prices on a schedule, not to buy); conversion is given with and
 * without them.
 */

export interface DemandFigures {
  quotes: number;
  served: number;
  hits: number;
  clients: ClientBucket;
  /** Distinct clients that asked for a price or paid. */
  buyers: ClientBucket;
}

export interface EndpointDemand extends DemandFigures {
  path: string;
  category: string;
  price_band: string;
}

export interface CategoryDemand extends DemandFigures {
  category: string;
}

const AGENT_DEMAND = { unrouted: false, automated: false } as const;
const BUYING: readonly RequestOutcome[] = ["quote", "served"];

const byDemand = (a: DemandFigures, b: DemandFigures) => b.quotes - a.quotes || b.served - a.served || b.hits - a.hits;
const text = (v: string | number | undefined) => String(v ?? "");

/** Paths that are never demand for a product (browsers, scanners). */
const NOISE = /^\/(favicon\.ico|robots\.txt|apple-touch-icon.*|sitemap.*\.xml|\.env.*|\.git.*|wp-.*|.*\.php|ads\.txt|security\.txt|\.well-known\/security\.txt)?$/;

export class DemandLogReports {
  constructor(private readonly log: PrivateLog) {}

  async top(window: ReportWindow): Promise<{ endpoints: EndpointDemand[]; categories: CategoryDemand[] }> {
    const [rows, buyers, categoryRows, categoryBuyers] = await Promise.all([
      this.log.rows(["path", "category", "price_band"], window, AGENT_DEMAND),
      this.log.rows(["path"], window, { ...AGENT_DEMAND, outcomes: BUYING }),
      this.log.rows(["category"], window, AGENT_DEMAND),
      this.log.rows(["category"], window, { ...AGENT_DEMAND, outcomes: BUYING }),
    ]);
    const buyersOf = (published: PublishedRow[], dimension: "path" | "category", value: string) =>
      published.find((b) => text(b.key[dimension]) === value)?.clients ?? "0";
    const endpoints = rows
      .map((r) => ({
        path: text(r.key.path),
        category: text(r.key.category),
        price_band: text(r.key.price_band),
        ...figures(r),
        buyers: buyersOf(buyers, "path", text(r.key.path)),
      }))
      .sort((a, b) => byDemand(a, b) || a.path.localeCompare(b.path));
    const categories = categoryRows
      .map((r) => ({ category: text(r.key.category), ...figures(r), buyers: buyersOf(categoryBuyers, "category", text(r.key.category)) }))
      .sort((a, b) => byDemand(a, b) || a.category.localeCompare(b.category));
    return { endpoints, categories };
  }

  /** Paths we do not serve, and paid routes that were quoted but never paid for, as one build order. */
  async unmet(window: ReportWindow): Promise<UnmetRow[]> {
    const [missing, quoted] = await Promise.all([
      this.log.rows(["path", "category"], window, { unrouted: true, automated: false }),
      this.log.rows(["path", "category", "price_band"], window, { ...AGENT_DEMAND, outcomes: BUYING }),
    ]);
    const rows: UnmetRow[] = [
      ...missing
        .filter((r) => !NOISE.test(text(r.key.path)))
        .map((r) => unmetRow(r, ROUTE_CATALOG.some((c) => c.path === r.key.path) ? "listed_not_built" : "not_served")),
      ...quoted.filter((r) => r.quotes > 0 && r.served === 0 && r.key.price_band !== "free").map((r) => unmetRow(r, "quoted_never_paid")),
    ];
    rows.sort((a, b) => bucketRank(b.evidence.clients) - bucketRank(a.evidence.clients) || b.evidence.days_seen - a.evidence.days_seen || b.evidence.hits - a.evidence.hits || a.path.localeCompare(b.path));
    return rows.map((r, i) => ({ ...r, rank: i + 1 }));
  }

  async conversion(window: ReportWindow): Promise<{ rows: ConversionRow[]; overall: ConversionRow }> {
    const paidOnly = (rows: PublishedRow[]) => rows.filter((r) => !["free", "none"].includes(text(r.key.price_band)));
    const routed = { unrouted: false } as const;
    const [all, allQuoting, agents, agentsQuoting] = await Promise.all([
      this.log.rows(["category", "price_band"], window, { ...routed, outcomes: BUYING }),
      this.log.rows(["category", "price_band"], window, { ...routed, outcomes: ["quote"] }),
      this.log.rows(["category", "price_band"], window, { ...AGENT_DEMAND, outcomes: BUYING }),
      this.log.rows(["category", "price_band"], window, { ...AGENT_DEMAND, outcomes: ["quote"] }),
    ]);
    const keyOf = (r: PublishedRow) => `${text(r.key.category)}|${text(r.key.price_band)}`;
    const find = (rows: PublishedRow[], key: string) => rows.find((r) => keyOf(r) === key);
    const rows = paidOnly(all).map((r) => {
      const agentRow = find(agents, keyOf(r));
      return {
        category: text(r.key.category),
        price_band: text(r.key.price_band),
        with_monitors: rate(r.quotes, r.served, find(allQuoting, keyOf(r))?.clients ?? "0"),
        excluding_monitors: rate(agentRow?.quotes ?? 0, agentRow?.served ?? 0, find(agentsQuoting, keyOf(r))?.clients ?? "0"),
      };
    });
    rows.sort((a, b) => b.with_monitors.quotes - a.with_monitors.quotes || a.category.localeCompare(b.category) || a.price_band.localeCompare(b.price_band));
    const total = (pick: (r: ConversionRow) => ConversionRate) =>
      rate(sumOf(rows, (r) => pick(r).quotes), sumOf(rows, (r) => pick(r).served), null);
    return { rows, overall: { category: "all published rows", price_band: "all", with_monitors: total((r) => r.with_monitors), excluding_monitors: total((r) => r.excluding_monitors) } };
  }
}

export interface UnmetRow {
  rank: number;
  path: string;
  category: string;
  reason: "not_served" | "listed_not_built" | "quoted_never_paid";
  evidence: { hits: number; quotes: number; served: number; clients: ClientBucket; days_seen: number; first_seen: string; last_seen: string };
}

function unmetRow(r: PublishedRow, reason: UnmetRow["reason"]): UnmetRow {
  return {
    rank: 0,
    path: text(r.key.path),
    category: text(r.key.category),
    reason,
    evidence: { hits: r.requests, quotes: r.quotes, served: r.served, clients: r.clients, days_seen: r.days, first_seen: r.firstDate, last_seen: r.lastDate },
  };
}

export interface ConversionRate {
  quotes: number;
  served: number;
  /** served / quotes x 100, one decimal; null without quotes. */
  conversion_rate_pct: number | null;
  /** Distinct clients quoted (null on totals: clients of different rows are not additive). */
  quoting_clients: ClientBucket | null;
}

export interface ConversionRow {
  category: string;
  price_band: string;
  with_monitors: ConversionRate;
  excluding_monitors: ConversionRate;
}

export function rate(quotes: number, served: number, quotingClients: ClientBucket | null): ConversionRate {
  return { quotes, served, conversion_rate_pct: quotes === 0 ? null : Math.round((served / quotes) * 1000) / 10, quoting_clients: quotingClients };
}

function figures(r: PublishedRow) {
  return { quotes: r.quotes, served: r.served, hits: r.requests, clients: r.clients };
}

export function bucketRank(bucket: ClientBucket): number {
  return ["0", "3-9", "10-24", "25-49", "50-99", "100+"].indexOf(bucket);
}
