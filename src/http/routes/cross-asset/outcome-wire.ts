import type { ReturnStats } from "../../../analytics/return-distribution.js";

/** An outcome distribution on the wire (snake_case). */
export function distributionWire(d: ReturnStats) {
  return { n: d.n, mean: d.mean, p10: d.p10, p25: d.p25, p50: d.p50, p75: d.p75, p90: d.p90, hit_rate: d.hitRate };
}
