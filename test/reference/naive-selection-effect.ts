/**
 * The design effect of a best-match analog selection written out from its documented definition
 * (contracts/evidence-schemas.ts, docs/statistics.md), for the route tests. Nothing here calls production code:
 * the searches are the naive search's, the outcomes the linear walk of the forecast oracle.
 *
 * 40 reference windows at floor(((j + 0.5) / 40) * (n - m)), each searched as a query is (same m, k, causal
 * mode); per horizon, a reference with at least 5 independent outcomes gives the mean of those outcomes, their
 * s², s²/n and when each began (its analog's last bar). Causal: only references whose last bar is before the
 * query's first. With at least 10 references, D = max(1, (variance of their means + their average pairwise
 * covariance) / mean of s²/n), the covariance of two references' means being
 * Σ_a Σ_b max(0, 1 - |t_a - t_b| / h) · √(s²_i s²_j) / (n_i n_j).
 */
import { naiveSearch } from "./naive-search.js";
import { DAY, naiveIndependentValues, naiveOutcome, type Dataset } from "../forecasts/forecast-oracle.js";

const REFERENCES = 40;
const MIN_REFERENCES = 10;

interface ReferenceMean {
  mean: number;
  variance: number;
  n: number;
  fromMs: number[];
}

export function naiveDesignEffect(ds: Dataset, m: number, k: number, horizons: number[], causal: boolean, queryStart: number): (number | null)[] {
  const n = ds.closes.length;
  const perHorizon: ReferenceMean[][] = horizons.map(() => []);
  for (let j = 0; j < REFERENCES; j++) {
    const start = Math.floor(((j + 0.5) / REFERENCES) * (n - m));
    // A window spanning a data gap is never a query: no reference there.
    if (ds.breakBefore.subarray(start + 1, start + m).some((b) => b === 1)) continue;
    if (causal && start + m - 1 >= queryStart) continue;
    const matches = naiveSearch({ values: ds.closes, breakBefore: ds.breakBefore }, ds.closes.slice(start, start + m), {
      k,
      metric: "l2",
      excludeRange: [start, start + m],
      endBefore: causal ? start : undefined,
      wrap: false,
    });
    horizons.forEach((days, h) => {
      const counted = matches.flatMap((match) => {
        const end = match.start + m - 1;
        const o = naiveOutcome(ds, end, days);
        if (o.status !== "counted" || (end < start && o.j! > start)) return [];
        // The value carries its analog's last bar so the kept ones can be dated.
        return [{ span: [match.start, o.j!] as [number, number], value: { ret: o.ret!, fromMs: ds.times[end] } }];
      });
      const kept = naiveIndependentValues(counted);
      if (kept.length < 5) return;
      const values = kept.map((x) => x.ret);
      const mean = values.reduce((s, v) => s + v, 0) / values.length;
      const variance = values.reduce((s, v) => s + (v - mean) ** 2, 0) / (values.length - 1);
      perHorizon[h].push({ mean, variance, n: values.length, fromMs: kept.map((x) => x.fromMs) });
    });
  }
  return horizons.map((days, h) => {
    const refs = perHorizon[h];
    if (refs.length < MIN_REFERENCES) return null;
    const grand = refs.reduce((s, r) => s + r.mean, 0) / refs.length;
    const spread = refs.reduce((s, r) => s + (r.mean - grand) ** 2, 0) / (refs.length - 1);
    const se2 = refs.reduce((s, r) => s + r.variance / r.n, 0) / refs.length;
    let covariance = 0;
    let pairs = 0;
    for (let a = 0; a < refs.length; a++) {
      for (let b = a + 1; b < refs.length; b++) {
        let shared = 0;
        for (const x of refs[a].fromMs) for (const y of refs[b].fromMs) shared += Math.max(0, 1 - Math.abs(x - y) / (days * DAY));
        covariance += (shared * Math.sqrt(refs[a].variance * refs[b].variance)) / (refs[a].n * refs[b].n);
        pairs += 1;
      }
    }
    return Math.max(1, (spread + covariance / pairs) / se2);
  });
}
