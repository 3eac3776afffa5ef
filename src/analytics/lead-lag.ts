import { pearson } from "./correlation.js";

export interface LagCorrelation {
  /** Positive: the second series follows the first by this many aligned trading days. */
  lagDays: number;
  correlation: number | null;
  /** Return pairs the correlation rests on (the sample shrinks by |lag|). */
  n: number;
}

export interface LeadLag {
  byLag: LagCorrelation[];
  lag0: LagCorrelation;
  /** Largest |correlation| over the lags; ties go to the shorter lag, then to the negative one. Null when none is defined. */
  best: LagCorrelation | null;
}

/**
 * Cross-correlation of two aligned return series at lags -maxLag..+maxLag: at lag L the pairs are
 * (first[t], second[t + L]). L > 0 asks whether the first series' return today goes with the second's
 * L days later (the first leads); L < 0 the reverse. Days are positions on the aligned timeline.
 */
export function leadLag(first: Float64Array, second: Float64Array, maxLag: number): LeadLag {
  const n = Math.min(first.length, second.length);
  const byLag: LagCorrelation[] = [];
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    const from = Math.max(0, -lag);
    const to = Math.min(n, n - lag);
    const pairs = Math.max(0, to - from);
    const correlation = pairs >= 3 ? pearson(first.subarray(from, to), second.subarray(from + lag, to + lag)) : null;
    byLag.push({ lagDays: lag, correlation, n: pairs });
  }
  const lag0 = byLag[maxLag];
  // Visit lags by increasing |lag| (negative first) so a strictly larger |r| is needed to prefer a longer lag.
  const order = [...byLag].sort((a, b) => Math.abs(a.lagDays) - Math.abs(b.lagDays) || a.lagDays - b.lagDays);
  let best: LagCorrelation | null = null;
  for (const entry of order) {
    if (entry.correlation === null) continue;
    if (best === null || Math.abs(entry.correlation) > Math.abs(best.correlation!)) best = entry;
  }
  return { byLag, lag0, best };
}
