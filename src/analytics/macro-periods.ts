import { selectIndependent } from "./return-distribution.js";
import { adjustAcrossHorizons, forecastEvidence, unconditionalBaseline, type Evidence } from "./forecast-evidence.js";
import { UNMEASURED_SELECTION } from "./interval-policy.js";
import { alignPanel } from "./aligned-panel.js";
import { anchoredMove, type MoveKind } from "./anchored-outcomes.js";
import { findMultivariateAnalogs } from "./multivariate-analogs.js";
import { gapBreaks, lowerBound, type PriceSeries } from "./price-series.js";
import { validationError } from "../domain/app-error.js";
import { DAY_MS } from "../domain/bar.js";

/** The four macro series, by role, in this order everywhere. */
export const MACRO_ROLES = ["volatility", "yield_10y", "equity", "gold"] as const;
export type MacroRole = (typeof MACRO_ROLES)[number];
export type MacroSymbols = Record<MacroRole, string>;

export const MACRO_HORIZONS_DAYS = [7, 30] as const;
const LONGEST_HORIZON_DAYS = 30;
/**
 * Below this horizon the periods' mean gets no interval and no p-value: on random walks the plain 90% interval of
 * the 7-day moves after the best-matching periods held only 81-84% (the selection effect of docs/statistics.md,
 * which selection-effect.ts measures for one-series searches but not for this four-series one); 30 days held 90%.
 */
export const MIN_CLAIMED_HORIZON_DAYS = 30;
export const SHORT_HORIZON_WITHHELD =
  "no interval below 30 days: the best-matching periods lean their short-horizon moves more than their spread says (simulated coverage 81-84% for 90%), and that lean is not measured for the four-series search";

/**
 * Conditions, not shape alone: the level features matched besides the four shapes, each standardised by its
 * standard deviation over the shared timeline, with its weight in the score and the most it may differ from
 * today's level (in those standard deviations) for a period to be eligible at all.
 */
export const MACRO_LEVEL_FEATURES = [
  { role: "volatility", weight: 1, toleranceSd: 1 },
  { role: "yield_10y", weight: 1, toleranceSd: 1 },
] as const satisfies readonly { role: MacroRole; weight: number; toleranceSd: number }[];

/** Yields are quoted in percent: what followed is their change in percentage points, not a return on the quote. */
const MOVE_KIND: Record<MacroRole, MoveKind> = { volatility: "return", yield_10y: "change", equity: "return", gold: "return" };

export type ByRole<T> = Record<MacroRole, T>;

export interface MacroPeriod {
  startMs: number;
  endMs: number;
  distance: number;
  distanceByRole: ByRole<number>;
  /** Per MACRO_LEVEL_FEATURES entry: (level at the period's end - today's level) / its standard deviation. */
  levelGapsSd: number[];
  /** The ranking figure: shape (sum of 1 - correlation) + weighted squared level gaps. */
  score: number;
  levels: ByRole<{ start: number; end: number }>;
  /** Per horizon (MACRO_HORIZONS_DAYS order), the move of each series after endMs, or null when history cannot tell. */
  followed: { horizonDays: number; moves: ByRole<number | null> }[];
}

export interface MacroAnalogFigures {
  lookbackDays: number;
  commonDates: number;
  firstCommonMs: number;
  lastDateByRole: ByRole<number>;
  current: { startMs: number; endMs: number; levels: ByRole<{ start: number; end: number }> };
  /** Standard deviation of each level feature over the shared timeline (MACRO_LEVEL_FEATURES order). */
  levelScales: number[];
  periods: MacroPeriod[];
  /** Per horizon and series: baseline (outcomes closed by the current window's start), interval of the periods' mean, excess. */
  evidence: { horizonDays: number; byRole: ByRole<Evidence> }[];
}

const byRole = <T>(pick: (role: MacroRole, index: number) => T): ByRole<T> =>
  Object.fromEntries(MACRO_ROLES.map((role, i) => [role, pick(role, i)])) as ByRole<T>;

/**
 * Today's joint state of volatility, the 10-year yield, equities and gold (the last `lookbackDays` dates
 * all four share) matched to earlier periods of the same length (multivariate-analogs.ts), with what
 * each series did in the 7 and 30 calendar days after each period. `series` holds the four daily histories in
 * MACRO_ROLES order. A 422 naming lookback_days when they share too few dates.
 */
export function macroAnalogs(series: readonly PriceSeries[], query: { lookbackDays: number; k: number }): MacroAnalogFigures {
  const m = query.lookbackDays;
  const aligned = alignPanel(series, -Infinity, Infinity);
  const n = aligned.timesMs.length;
  if (n < 2 * m) {
    throw validationError("lookback_days", `needs at least ${2 * m} dates shared by the four series (twice lookback_days); they share ${n}`);
  }
  const closesOf = (role: MacroRole) => aligned.closes[MACRO_ROLES.indexOf(role)];
  const levelScales = MACRO_LEVEL_FEATURES.map((f) => populationStd(closesOf(f.role)));
  const levels = MACRO_LEVEL_FEATURES.map((f, i) => ({ values: closesOf(f.role), scale: levelScales[i], weight: f.weight, toleranceSd: f.toleranceSd }));
  const currentStartMs = aligned.timesMs[n - m];
  // No look-ahead: a period's longest horizon must close by the current window's first date.
  const lastStart = lowerBound(aligned.timesMs, currentStartMs - LONGEST_HORIZON_DAYS * DAY_MS + 1) - m;
  const search = findMultivariateAnalogs(aligned.closes, gapBreaks(aligned.timesMs, "1d"), m, query.k, { lastStart, levels });
  const levelsAt = (start: number) => byRole((_, i) => ({ start: aligned.closes[i][start], end: aligned.closes[i][start + m - 1] }));
  const periods = search.analogs.map((analog): MacroPeriod => {
    const endMs = aligned.timesMs[analog.start + m - 1];
    return {
      startMs: aligned.timesMs[analog.start],
      endMs,
      distance: analog.distance,
      distanceByRole: byRole((_, i) => analog.distanceBySeries[i]),
      levelGapsSd: analog.levelGapsSd,
      score: analog.score,
      levels: levelsAt(analog.start),
      followed: MACRO_HORIZONS_DAYS.map((days) => ({ horizonDays: days, moves: byRole((role, i) => followed(series[i], endMs, days, role)) })),
    };
  });
  const evidenceFor = (days: number, h: number, role: MacroRole, i: number): Evidence => {
    const known = periods.flatMap((p) => {
      const move = p.followed[h].moves[role];
      return move === null ? [] : [{ value: move, start: p.startMs, end: p.endMs + days * DAY_MS }];
    });
    const independent = selectIndependent(known).map((j) => known[j].value);
    const lastKnown = lowerBound(series[i].timesMs, currentStartMs + 1) - 1;
    const baseline = unconditionalBaseline(series[i], days, lastKnown, MOVE_KIND[role]);
    // Short horizons: the joint best-match selection leans the periods' outcomes beyond what s²/n says, and that
    // spread is not measured for the four-series search, so no interval or p-value is claimed there.
    if (days >= MIN_CLAIMED_HORIZON_DAYS) return forecastEvidence(independent, baseline);
    const e = forecastEvidence(independent, baseline, baseline, null);
    return e.intervalWithheld === UNMEASURED_SELECTION ? { ...e, intervalWithheld: SHORT_HORIZON_WITHHELD } : e;
  };
  return {
    lookbackDays: m,
    commonDates: n,
    firstCommonMs: aligned.timesMs[0],
    lastDateByRole: byRole((_, i) => series[i].timesMs[series[i].timesMs.length - 1]),
    current: { startMs: currentStartMs, endMs: aligned.timesMs[n - 1], levels: levelsAt(search.currentStart) },
    levelScales,
    periods,
    evidence: adjustedTogether(MACRO_HORIZONS_DAYS.map((days, h) => ({ horizonDays: days, byRole: byRole((role, i) => evidenceFor(days, h, role, i)) }))),
  };
}

/** Every series and horizon of the answer is a hypothesis of its own: their p-values are adjusted together. */
function adjustedTogether(evidence: { horizonDays: number; byRole: ByRole<Evidence> }[]): { horizonDays: number; byRole: ByRole<Evidence> }[] {
  const adjusted = adjustAcrossHorizons(evidence.flatMap((h) => MACRO_ROLES.map((role) => h.byRole[role])));
  return evidence.map((h, j) => ({ horizonDays: h.horizonDays, byRole: byRole((_, i) => adjusted[j * MACRO_ROLES.length + i]) }));
}

function populationStd(values: Float64Array): number {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
}

function followed(series: PriceSeries, endMs: number, days: number, role: MacroRole): number | null {
  return anchoredMove(series, endMs, days, MOVE_KIND[role]);
}
