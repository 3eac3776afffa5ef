import type { ReportTime } from "../../analytics/earnings-reaction.js";
import type { EarningsRow } from "../../providers/feeds/port.js";

/** When a company reported one fiscal quarter, as found in a stored Nasdaq earnings-calendar day. */
export interface ReportDate {
  /** YYYY-MM of the fiscal quarter's end (Nasdaq's "Jun/2024" -> "2024-06"). */
  fiscal_month: string;
  /** YYYY-MM-DD. */
  report_date: string;
  time: ReportTime;
  /**
   * `nasdaq-calendar`: the company's row on that day's calendar. `nasdaq-calendar-last-year`: the
   * "last year's report date" a later row gives for the same quarter a year earlier (time not stated).
   */
  basis: "nasdaq-calendar" | "nasdaq-calendar-last-year";
  /** When the calendar day that says so was fetched. */
  fetched_at_ms: number;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** Nasdaq's fiscal quarter label ("Jun/2024") as YYYY-MM, or null when it is not in that form. */
export function fiscalMonthOf(label: string | null): string | null {
  const match = /^([A-Z][a-z]{2})\/(\d{4})$/.exec(label?.trim() ?? "");
  if (match === null) return null;
  const month = MONTHS.indexOf(match[1]!);
  return month < 0 ? null : `${match[2]}-${String(month + 1).padStart(2, "0")}`;
}

/** The fiscal month a year before ("2024-06" -> "2023-06"). */
const yearBefore = (fiscalMonth: string) => `${Number(fiscalMonth.slice(0, 4)) - 1}${fiscalMonth.slice(4)}`;

/**
 * The report date of each fiscal quarter of `symbols` (the ticker in its spellings) found in stored calendar
 * days, one per quarter: a company's own calendar row wins over a last-year date, and among equals the most
 * recently fetched day wins (a later snapshot corrects an earlier one).
 */
export function reportDatesFrom(days: ReadonlyArray<{ key: string; fetchedAtMs: number; value: EarningsRow[] }>, symbols: readonly string[]): Map<string, ReportDate> {
  const wanted = new Set(symbols.map((s) => s.toUpperCase()));
  const byQuarter = new Map<string, ReportDate>();
  const offer = (candidate: ReportDate) => {
    const held = byQuarter.get(candidate.fiscal_month);
    const rank = (d: ReportDate) => (d.basis === "nasdaq-calendar" ? 1 : 0);
    if (held === undefined || rank(candidate) > rank(held) || (rank(candidate) === rank(held) && candidate.fetched_at_ms >= held.fetched_at_ms)) {
      byQuarter.set(candidate.fiscal_month, candidate);
    }
  };
  for (const day of days) {
    if (!Array.isArray(day.value)) continue;
    for (const row of day.value) {
      if (!wanted.has(row.symbol.toUpperCase())) continue;
      const fiscalMonth = fiscalMonthOf(row.fiscal_quarter_ending);
      if (fiscalMonth === null) continue;
      offer({ fiscal_month: fiscalMonth, report_date: day.key, time: row.time, basis: "nasdaq-calendar", fetched_at_ms: day.fetchedAtMs });
      if (row.last_year_report_date !== null) {
        offer({ fiscal_month: yearBefore(fiscalMonth), report_date: row.last_year_report_date, time: "not-supplied", basis: "nasdaq-calendar-last-year", fetched_at_ms: day.fetchedAtMs });
      }
    }
  }
  return byQuarter;
}
