/**
 * Exact L2 scores of several non-wrapped windows at once, bit-identical to ExactScorer.score: the same
 * sums in the same order per window, but four windows advance together, so four independent dependency
 * chains share each loop. A single re-score is latency-bound (five serial sums of m terms); four at once
 * cost little more than one. Used when every candidate will be picked anyway (select-matches.ts).
 *
 * Glossary: m = window length, qz = z-normalised query, w = a window's values, s = its start.
 */
import type { ExactScorer } from "./exact-scorer.js";
import type { PreparedQuery } from "./prepared-query.js";

/** Score of window starts[i] of values[i] into out[i]; windows must not wrap. */
export function scoreL2Batch(
  scorer: ExactScorer,
  query: PreparedQuery,
  values: readonly Float64Array[],
  starts: ArrayLike<number>,
  out: Float64Array,
): void {
  const count = out.length;
  let i = 0;
  if (!query.constant) {
    for (; i + 4 <= count; i += 4) {
      const a = values[i], b = values[i + 1], c = values[i + 2], d = values[i + 3];
      const sa = starts[i], sb = starts[i + 1], sc = starts[i + 2], sd = starts[i + 3];
      if (isConstant(a, sa, query.m) || isConstant(b, sb, query.m) || isConstant(c, sc, query.m) || isConstant(d, sd, query.m)) {
        for (let j = i; j < i + 4; j++) out[j] = scorer.score(values[j], starts[j]);
        continue;
      }
      scoreFour(query, a, sa, b, sb, c, sc, d, sd, out, i);
    }
  }
  for (; i < count; i++) out[i] = scorer.score(values[i], starts[i]);
}

function isConstant(values: Float64Array, start: number, m: number): boolean {
  const first = values[start];
  for (let j = start + 1; j < start + m; j++) if (values[j] !== first) return false;
  return true;
}

/** windowMeanStd and ExactScorer's L2 loop (z-normalize.ts, exact-scorer.ts) for four windows side by side. */
function scoreFour(
  query: PreparedQuery,
  a: Float64Array, sa: number, b: Float64Array, sb: number, c: Float64Array, sc: number, d: Float64Array, sd: number,
  out: Float64Array,
  at: number,
): void {
  const { z, m } = query;
  let ta = 0, tb = 0, tc = 0, td = 0;
  for (let j = 0; j < m; j++) {
    ta += a[sa + j];
    tb += b[sb + j];
    tc += c[sc + j];
    td += d[sd + j];
  }
  let ma = ta / m, mb = tb / m, mc = tc / m, md = td / m;
  let ca = 0, cb = 0, cc = 0, cd = 0;
  for (let j = 0; j < m; j++) {
    ca += a[sa + j] - ma;
    cb += b[sb + j] - mb;
    cc += c[sc + j] - mc;
    cd += d[sd + j] - md;
  }
  ma += ca / m;
  mb += cb / m;
  mc += cc / m;
  md += cd / m;
  let qa = 0, qb = 0, qc = 0, qd = 0;
  for (let j = 0; j < m; j++) {
    const ya = a[sa + j] - ma, yb = b[sb + j] - mb, yc = c[sc + j] - mc, yd = d[sd + j] - md;
    qa += ya * ya;
    qb += yb * yb;
    qc += yc * yc;
    qd += yd * yd;
  }
  const da = Math.sqrt(qa / m), db = Math.sqrt(qb / m), dc = Math.sqrt(qc / m), dd = Math.sqrt(qd / m);
  let ra = 0, rb = 0, rc = 0, rd = 0;
  for (let j = 0; j < m; j++) {
    const q = z[j];
    const ea = q - (a[sa + j] - ma) / da;
    const eb = q - (b[sb + j] - mb) / db;
    const ec = q - (c[sc + j] - mc) / dc;
    const ed = q - (d[sd + j] - md) / dd;
    ra += ea * ea;
    rb += eb * eb;
    rc += ec * ec;
    rd += ed * ed;
  }
  out[at] = ra;
  out[at + 1] = rb;
  out[at + 2] = rc;
  out[at + 3] = rd;
}
