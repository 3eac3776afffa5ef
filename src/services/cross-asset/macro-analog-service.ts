import type { ReturnStats } from "../../analytics/return-distribution.js";
import { alignPanel } from "../../analytics/aligned-panel.js";
import { anchoredMove, outcomeDistribution, type MoveKind } from "../../analytics/anchored-outcomes.js";
import { findMultivariateAnalogs } from "../../analytics/multivariate-analogs.js";
import { gapBreaks, type PriceSeries } from "../../analytics/price-series.js";
import { validationError } from "../../domain/app-error.js";
import type { SeriesCache } from "../market-data/series-cache.js";

/** The four macro series, by role, in this order everywhere. */
export const MACRO_ROLES = ["volatility", "yield_10y", "equity", "gold"] as const;
export type MacroRole = (typeof MACRO_ROLES)[number];
export type MacroSymbols = Record<MacroRole, string>;

export const MACRO_HORIZONS_DAYS = [7, 30] as const;

/** Yields are quoted in percent: what followed is their change in percentage points, not a return on the quote. */
const MOVE_KIND: Record<MacroRole, MoveKind> = { volatility: "return", yield_10y: "change", equity: "return", gold: "return" };

export type ByRole<T> = Record<MacroRole, T>;

export interface MacroPeriod {
  startMs: number;
  endMs: number;
  distance: number;
  distanceByRole: ByRole<number>;
  levels: ByRole<{ start: number; end: number }>;
  /** Per horizon (MACRO_HORIZONS_DAYS order), the move of each series after endMs, or null when history cannot tell. */
  followed: { horizonDays: number; moves: ByRole<number | null> }[];
}

export interface MacroAnalogResult {
  symbols: MacroSymbols;
  lookbackDays: number;
  commonDates: number;
  firstCommonMs: number;
  lastDateByRole: ByRole<number>;
  current: { startMs: number; endMs: number; levels: ByRole<{ start: number; end: number }> };
  periods: MacroPeriod[];
  summary: { horizonDays: number; byRole: ByRole<ReturnStats> }[];
}

const byRole = <T>(pick: (role: MacroRole, index: number) => T): ByRole<T> =>
  Object.fromEntries(MACRO_ROLES.map((role, i) => [role, pick(role, i)])) as ByRole<T>;

/**
 * Today's joint state of volatility, the 10-year yield, equities and gold (the last `lookbackDays` dates
 * all four share) matched to earlier periods of the same length (multivariate-analogs.ts), with what
 * each series did in the 7 and 30 calendar days after each period.
 */
export class MacroAnalogService {
  constructor(
    private readonly seriesCache: SeriesCache,
    private readonly symbols: MacroSymbols,
  ) {}

  async analogs(query: { lookbackDays: number; k: number }): Promise<MacroAnalogResult> {
    const m = query.lookbackDays;
    const series = await Promise.all(MACRO_ROLES.map((role) => this.seriesCache.load(this.symbols[role], "1d").then((l) => l.series)));
    const aligned = alignPanel(series, -Infinity, Infinity);
    const n = aligned.timesMs.length;
    if (n < 2 * m) {
      throw validationError("lookback_days", `needs at least ${2 * m} dates shared by the four series (twice lookback_days); they share ${n}`);
    }
    const search = findMultivariateAnalogs(aligned.closes, gapBreaks(aligned.timesMs, "1d"), m, query.k);
    const levelsAt = (start: number) => byRole((_, i) => ({ start: aligned.closes[i][start], end: aligned.closes[i][start + m - 1] }));
    const periods = search.analogs.map((analog): MacroPeriod => {
      const endMs = aligned.timesMs[analog.start + m - 1];
      return {
        startMs: aligned.timesMs[analog.start],
        endMs,
        distance: analog.distance,
        distanceByRole: byRole((_, i) => analog.distanceBySeries[i]),
        levels: levelsAt(analog.start),
        followed: MACRO_HORIZONS_DAYS.map((days) => ({ horizonDays: days, moves: byRole((role, i) => followed(series[i], endMs, days, role)) })),
      };
    });
    return {
      symbols: this.symbols,
      lookbackDays: m,
      commonDates: n,
      firstCommonMs: aligned.timesMs[0],
      lastDateByRole: byRole((_, i) => series[i].timesMs[series[i].timesMs.length - 1]),
      current: { startMs: aligned.timesMs[search.currentStart], endMs: aligned.timesMs[n - 1], levels: levelsAt(search.currentStart) },
      periods,
      summary: MACRO_HORIZONS_DAYS.map((days, h) => ({
        horizonDays: days,
        byRole: byRole((role) => outcomeDistribution(periods.map((p) => p.followed[h].moves[role]))),
      })),
    };
  }
}

function followed(series: PriceSeries, endMs: number, days: number, role: MacroRole): number | null {
  return anchoredMove(series, endMs, days, MOVE_KIND[role]);
}
