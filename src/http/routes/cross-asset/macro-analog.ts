import { macroAnalogContract } from "../../../contracts/cross-asset/macro-analog.js";
import { formatBarTime } from "../../../domain/bar.js";
import { MACRO_LEVEL_FEATURES, MACRO_ROLES, type ByRole } from "../../../analytics/macro-periods.js";
import type { MacroAnalogService } from "../../../services/cross-asset/macro-analog-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { evidenceWire } from "../evidence-wire.js";

const day = (ms: number) => formatBarTime(ms, "1d");

/** Standardised level gaps keyed by the role they measure. */
const levelGaps = (gaps: number[]) => Object.fromEntries(MACRO_LEVEL_FEATURES.map((f, i) => [f.role, gaps[i]])) as { volatility: number; yield_10y: number };

const mapRoles = <T, U>(values: ByRole<T>, f: (value: T) => U): ByRole<U> =>
  Object.fromEntries(MACRO_ROLES.map((role) => [role, f(values[role])])) as ByRole<U>;

export function macroAnalogRoute(macro: MacroAnalogService): RouteModule {
  return operationRoute(macroAnalogContract, async (params: { lookback_days: number; k: number }) => {
    const result = await macro.analogs({ lookbackDays: params.lookback_days, k: params.k });
    const series = MACRO_ROLES.length;
    return {
      lookback_days: result.lookbackDays,
      k: params.k,
      symbols: result.symbols,
      as_of: day(result.current.endMs),
      last_dates: mapRoles(result.lastDateByRole, day),
      common_dates: result.commonDates,
      first_common_date: day(result.firstCommonMs),
      current: { start_date: day(result.current.startMs), end_date: day(result.current.endMs), levels: result.current.levels },
      periods: result.periods.map((p, i) => ({
        rank: i + 1,
        start_date: day(p.startMs),
        end_date: day(p.endMs),
        distance: p.distance,
        similarity: Math.sqrt(p.distance / (series * result.lookbackDays)),
        distance_by_series: p.distanceByRole,
        level_gaps_sd: levelGaps(p.levelGapsSd),
        score: p.score,
        levels: p.levels,
        followed: p.followed.map((f) => ({ horizon_days: f.horizonDays, ...f.moves })),
      })),
      mode: "causal" as const,
      level_features: MACRO_LEVEL_FEATURES.map((f, i) => ({ role: f.role, weight: f.weight, tolerance_sd: f.toleranceSd, scale: result.levelScales[i] })),
      evidence: result.evidence.map((e) => ({ horizon_days: e.horizonDays, ...mapRoles(e.byRole, evidenceWire) })),
    };
  });
}
