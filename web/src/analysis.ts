/**
 * The page's arithmetic on what the API returned: pure functions (no DOM), unit-tested in test/web.
 * Returns are decimals, as on the wire (0.012 = +1.2%).
 */

export interface Bar {
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
}

/** Each close as a return from the first one: the shape of a window on a scale every window shares. */
export function rebased(closes: readonly number[]): number[] {
  const first = closes[0];
  return closes.map((c) => c / first - 1);
}

/**
 * An analog's path over the `days` calendar days after the bar dated `lastDate` in `history`: one value per
 * day 0..days, each the return from that bar's close to the last close at or before that day (the API's rule
 * for an analog's outcome over h calendar days), so day 30 is the analog's 30-day outcome. Shorter when the
 * history ends sooner; empty when the date is absent.
 */
export function forwardPath(history: readonly Bar[], lastDate: string, days: number): number[] {
  const at = history.findIndex((b) => b.date === lastDate);
  if (at < 0) return [];
  const base = history[at].close;
  const lastKnown = history.at(-1)!.date;
  const path: number[] = [];
  let i = at;
  for (let day = 0; day <= days; day++) {
    const target = addDays(lastDate, day);
    if (target > lastKnown) break;
    while (i + 1 < history.length && history[i + 1].date <= target) i++;
    path.push(history[i].close / base - 1);
  }
  return path;
}

/** Type-7 percentile (linear between closest ranks, numpy's default), as the service computes them. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const h = (sorted.length - 1) * p;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (h - lo) * (sorted[hi] - sorted[lo]);
}

export interface BandPoint {
  step: number;
  p10: number;
  p50: number;
  p90: number;
  /** How many paths reach this step. */
  n: number;
}

/** The P10, median and P90 across paths at every step that at least two paths reach. */
export function pathBand(paths: readonly (readonly number[])[]): BandPoint[] {
  const longest = Math.max(0, ...paths.map((p) => p.length));
  const band: BandPoint[] = [];
  for (let step = 0; step < longest; step++) {
    const values = paths.filter((p) => p.length > step).map((p) => p[step]).sort((a, b) => a - b);
    if (values.length < 2) break;
    band.push({ step, p10: percentile(values, 0.1), p50: percentile(values, 0.5), p90: percentile(values, 0.9), n: values.length });
  }
  return band;
}

export interface HistogramBin {
  from: number;
  to: number;
  count: number;
}

/** Equal-width bins over [min, max] (about sqrt(n), 4 to 12 of them); every value falls in exactly one bin. */
export function histogram(values: readonly number[]): HistogramBin[] {
  if (values.length === 0) return [];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const count = Math.max(4, Math.min(12, Math.round(Math.sqrt(values.length))));
  const width = max > min ? (max - min) / count : 0.01;
  const bins = Array.from({ length: count }, (_, i) => ({ from: min + i * width, to: min + (i + 1) * width, count: 0 }));
  for (const v of values) bins[Math.min(count - 1, Math.floor((v - min) / width))].count++;
  return bins;
}

/** The YYYY-MM-DD `days` calendar days after (or before, when negative) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`) + days * 86_400_000;
  return new Date(ms).toISOString().slice(0, 10);
}

/** The one date range [first, last] of one history request covering every window with `pad` days either side. */
export function coveringRange(windows: readonly { first: string; last: string }[], padDays: number): { start: string; end: string } {
  const first = windows.map((w) => w.first).sort()[0];
  const last = windows.map((w) => w.last).sort().at(-1) as string;
  return { start: addDays(first, -padDays), end: addDays(last, padDays) };
}

/** "+1.23%" from 0.0123; an em dash for a missing value. */
export function formatReturn(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return "—";
  return `${value >= 0 ? "+" : ""}${(value * 100).toFixed(2)}%`;
}

/** "$0.05" from an amount in atomic USDC units (6 decimals). */
export function formatUsdc(atomic: string | bigint): string {
  const usd = Number(BigInt(atomic)) / 1e6;
  // At least cents, and every non-zero digit down to a tenth of a cent ($0.105, not $0.11).
  return `$${usd.toFixed(4).replace(/(\.\d\d\d?)0+$/, "$1").replace(/(\.\d\d)0$/, "$1")}`;
}

