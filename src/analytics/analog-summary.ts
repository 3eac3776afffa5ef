import type { Analog } from "./analog-search.js";
import { analogOutcome } from "./forward-distribution.js";
import type { PriceSeries } from "./price-series.js";

export interface AverageWithCount {
  /** Mean of the figures, or null when no analog supplies one. */
  average: number | null;
  /** How many analogs the average rests on. */
  n: number;
}

export interface AnalogSummary {
  forward7d: AverageWithCount;
  forward30d: AverageWithCount;
  withinPattern: AverageWithCount;
}

/**
 * What followed the analogs: the mean return over the 7 and 30 calendar days after each analog's last
 * bar, and the mean return inside the analogs. Only real history counts, by the same rule as
 * /forward_distribution (analogOutcome): wrapped analogs are left out; an outcome counts only when the data
 * reaches its horizon with a fresh close; and when `queryStart` is given (the analogs share the query's
 * series), an analog whose horizon runs into the query window does not count, because its outcome would be
 * made of the query's own bars.
 */
export function summarizeAnalogs(series: PriceSeries, analogs: readonly Analog[], queryStart = Number.POSITIVE_INFINITY): AnalogSummary {
  const plain = analogs.filter((a) => !a.wrapped);
  const forward = (days: number) =>
    averageOf(
      plain.map((a) => {
        const outcome = analogOutcome(series, a.indices[0], a.indices.length, queryStart, days);
        return outcome.status === "counted" ? outcome.forwardReturn : null;
      }),
    );
  return {
    forward7d: forward(7),
    forward30d: forward(30),
    withinPattern: averageOf(plain.map((a) => a.matchReturn)),
  };
}

function averageOf(values: (number | null)[]): AverageWithCount {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (present.length === 0) return { average: null, n: 0 };
  return { average: present.reduce((s, v) => s + v, 0) / present.length, n: present.length };
}
