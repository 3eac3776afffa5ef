import type { Analog } from "./analog-search.js";
import { forecastEvidence, unconditionalBaseline, type Evidence } from "./forecast-evidence.js";
import { analogOutcome } from "./forward-distribution.js";
import type { PriceSeries } from "./price-series.js";
import { selectIndependent } from "./return-distribution.js";

/**
 * The evidence behind a pattern summary's forward average over `horizonDays`: each plain analog's counted
 * outcome (the same rule as the summary, in the analog's own series), the largest set whose calendar spans
 * [analog start, horizon close] share no day (analogs in different series at the same time are not
 * independent either: correlated markets move together), and the baseline of the query's own series over
 * its whole history (the search used the whole history: mode full_history).
 */
export function analogEvidence(
  analogs: readonly (Analog & { series?: PriceSeries })[],
  querySeries: PriceSeries,
  queryStart: number,
  horizonDays: number,
): Evidence {
  const counted: { value: number; start: number; end: number }[] = [];
  for (const analog of analogs) {
    if (analog.wrapped) continue;
    const series = analog.series ?? querySeries;
    const start = analog.indices[0];
    const own = series === querySeries ? queryStart : Number.POSITIVE_INFINITY;
    const outcome = analogOutcome(series, start, analog.indices.length, own, horizonDays);
    if (outcome.status !== "counted") continue;
    counted.push({ value: outcome.forwardReturn!, start: series.timesMs[start], end: series.timesMs[outcome.closeIndex!] });
  }
  const independent = selectIndependent(counted).map((i) => counted[i].value);
  return forecastEvidence(independent, unconditionalBaseline(querySeries, horizonDays));
}
