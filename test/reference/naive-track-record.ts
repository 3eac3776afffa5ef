import fs from "node:fs";
import path from "node:path";

/**
 * Independent oracles of the forecast log: a forecast's score straight from a CSV file of daily bars, and the
 * track record's counts and rates from plain rows, each written the simplest way (loops over arrays).
 */

const DAY = 86_400_000;

export interface CsvCloses {
  dates: string[];
  times: number[];
  closes: number[];
}

export function readCloses(dir: string, ticker: string): CsvCloses {
  const rows = fs.readFileSync(path.join(dir, `${ticker}.csv`), "utf8").trim().split("\n").slice(1).map((l) => l.split(","));
  return { dates: rows.map((r) => r[0]), times: rows.map((r) => Date.parse(`${r[0]}T00:00:00Z`)), closes: rows.map((r) => Number(r[4])) };
}

const std = (xs: number[]) => {
  const m = xs.reduce((s, x) => s + x, 0) / xs.length;
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / (xs.length - 1));
};

/** The score of a calendar-day forecast of returns: the last close at or before as-of + h days. */
export function naiveScore(csv: CsvCloses, asOf: string, horizonDays: number, claim: { mean: number; p10: number; p90: number; hitRate: number; baselineHitRate: number }) {
  const i = csv.dates.indexOf(asOf);
  const target = csv.times[i] + horizonDays * DAY;
  let j = i;
  while (j + 1 < csv.times.length && csv.times[j + 1] <= target) j++;
  const realised = csv.closes[j] / csv.closes[i] - 1;
  const logReturns = (from: number, to: number) => {
    const out: number[] = [];
    for (let k = from; k <= to; k++) out.push(Math.log(csv.closes[k] / csv.closes[k - 1]));
    return out;
  };
  const after = logReturns(i + 1, j);
  const before = logReturns(i - 59, i);
  return {
    outcomeDate: csv.dates[j],
    realised,
    insideRange: realised >= claim.p10 && realised <= claim.p90,
    directionRight: claim.mean > 0 === realised > 0,
    baselineDirectionRight: claim.baselineHitRate >= 0.5 === realised > 0,
    brier: (claim.hitRate - (realised > 0 ? 1 : 0)) ** 2,
    realisedVolatility: std(after) * Math.sqrt(after.length),
    trailingVolatility: std(before) * Math.sqrt(after.length),
  };
}

export interface PlainRow {
  route: string;
  horizon: number;
  exAnte: boolean;
  status: string;
  inRange: boolean | null;
  right: boolean | null;
  baselineRight: boolean | null;
  realised: number | null;
  baselineMean: number | null;
}

/** Counts and rates of one route and horizon, row by row. */
export function naiveRecord(rows: PlainRow[], route: string, horizon: number) {
  let pending = 0;
  let scored = 0;
  let rangeN = 0;
  let rangeHits = 0;
  let sided = 0;
  let right = 0;
  let baselineRight = 0;
  let excessSum = 0;
  let excessN = 0;
  for (const r of rows) {
    if (r.route !== route || r.horizon !== horizon || !r.exAnte) continue;
    if (r.status === "pending") pending++;
    if (r.status !== "scored") continue;
    scored++;
    if (r.inRange !== null) {
      rangeN++;
      if (r.inRange) rangeHits++;
    }
    if (r.right !== null && r.baselineRight !== null) {
      sided++;
      if (r.right) right++;
      if (r.baselineRight) baselineRight++;
    }
    if (r.baselineMean !== null && r.realised !== null) {
      excessSum += r.realised - r.baselineMean;
      excessN++;
    }
  }
  // Wilson's score interval at 95%, from its textbook form.
  const wilson = (k: number, n: number) => {
    const z = 1.959963984540054;
    const p = k / n;
    const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
    const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
    return [centre - half, centre + half];
  };
  return {
    pending,
    scored,
    coverage: rangeN === 0 ? null : rangeHits / rangeN,
    coverageInterval: rangeN === 0 ? null : wilson(rangeHits, rangeN),
    hitRate: sided === 0 ? null : right / sided,
    baselineHitRate: sided === 0 ? null : baselineRight / sided,
    meanExcess: excessN === 0 ? null : excessSum / excessN,
  };
}
