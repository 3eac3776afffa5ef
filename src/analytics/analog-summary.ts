import type { Analog } from "./analog-search.js";
import type { PriceSeries } from "./price-series.js";
import { calendarForwardReturn } from "./window-returns.js";

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
 * bar, and the mean return inside the analogs. Only real history counts: wrapped analogs are left out,
 * and an analog whose horizon the data has not reached yet does not count for that horizon.
 */
export function summarizeAnalogs(series: PriceSeries, analogs: readonly Analog[]): AnalogSummary {
  const plain = analogs.filter((a) => !a.wrapped);
  const forward = (days: number) =>
    averageOf(plain.map((a) => calendarForwardReturn(series.timesMs, series.closes, a.indices[a.indices.length - 1], days)));
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
