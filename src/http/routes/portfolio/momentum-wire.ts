import { formatBarTime } from "../../../domain/bar.js";
import type { MeasuredName } from "../../../services/portfolio/momentum-measurer.js";

/** A measured name in the wire shape shared by the momentum scan and the sector ranking. */
export function momentumRow(measured: MeasuredName, rank: number | null) {
  const m = measured.outcome?.kind === "ok" ? measured.outcome.measures : null;
  return {
    rank,
    ticker: measured.ticker,
    status: measured.status,
    as_of: m === null ? null : formatBarTime(m.asOfMs, "1d"),
    close: m?.close ?? null,
    return_12m_1m: m?.return12m1m ?? null,
    return_6m: m?.return6m ?? null,
    return_3m: m?.return3m ?? null,
    return_1m: m?.return1m ?? null,
    distance_from_52w_high: m?.distanceFrom52wHigh ?? null,
    volatility_1y: m?.volatility1y ?? null,
    volatility_observations: m?.volatilityObservations ?? null,
    composite_score: m?.compositeScore ?? null,
    ...(measured.error === undefined ? {} : { error: measured.error }),
  };
}
