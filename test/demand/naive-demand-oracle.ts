import { DAY_MS } from "../../src/domain/bar.js";
import { NOW_MS, type SyntheticRequest } from "./synthetic-demand.js";

/**
 * A naive reference of the privacy rule over the synthetic log, written independently of the SQL: every
 * request's cell (its path, routed, monitor, outcome, AI company, assistant, ecosystem and day), cells of fewer
 * than 3 distinct clients dropped, then plain sums.
 */

const cellOf = (r: SyntheticRequest) =>
  [r.path, r.unrouted === true, r.automation != null, r.outcome, r.aiCompany ?? "", r.assistant ?? "", r.ecosystem ?? "agent-sdk", r.day].join("|");

/** Days are counted back from yesterday (1); a window of n days holds days 1..n, `offset` shifts it back. */
export function inWindow(requests: readonly SyntheticRequest[], days: number, offset = 0): SyntheticRequest[] {
  return requests.filter((r) => r.day > offset && r.day <= offset + days);
}

export function kept(requests: readonly SyntheticRequest[]): SyntheticRequest[] {
  const clientsOf = new Map<string, Set<string>>();
  for (const r of requests) clientsOf.set(cellOf(r), (clientsOf.get(cellOf(r)) ?? new Set()).add(r.client));
  return requests.filter((r) => clientsOf.get(cellOf(r))!.size >= 3);
}

export interface NaiveRow {
  requests: number;
  quotes: number;
  served: number;
  clients: number;
}

export function naiveRows(requests: readonly SyntheticRequest[], rowOf: (r: SyntheticRequest) => string): Map<string, NaiveRow> {
  const rows = new Map<string, NaiveRow & { who: Set<string> }>();
  for (const r of kept(requests)) {
    const row = rows.get(rowOf(r)) ?? { requests: 0, quotes: 0, served: 0, clients: 0, who: new Set<string>() };
    row.requests += 1;
    if (r.outcome === "quote") row.quotes += 1;
    if (r.outcome === "served") row.served += 1;
    row.who.add(r.client);
    row.clients = row.who.size;
    rows.set(rowOf(r), row);
  }
  return new Map([...rows].map(([k, { who: _who, ...figures }]) => [k, figures]));
}

export function bucket(n: number): string {
  if (n === 0) return "0";
  if (n < 3) throw new Error(`oracle: ${n} clients`);
  return n < 10 ? "3-9" : n < 25 ? "10-24" : n < 50 ? "25-49" : n < 100 ? "50-99" : "100+";
}

/** Distinct clients of a set of raw (unsuppressed) requests. */
export const distinctClients = (requests: readonly SyntheticRequest[]) => new Set(requests.map((r) => r.client)).size;

export const dayOf = (isoDate: string) => Math.round((Math.floor(NOW_MS / DAY_MS) * DAY_MS - Date.parse(`${isoDate}T00:00:00Z`)) / DAY_MS);
