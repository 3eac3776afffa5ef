/**
 * A query window, validated and z-normalised once, with the few sums every kernel needs.
 *
 * Glossary: m = query length, q = the query values, qz = z-normalised q (the zero vector when q is
 * constant, per the policy in z-normalize.ts).
 */
import { scratchFloat64Array } from "./scratch-arrays.js";
import { zNormalizeInto } from "./z-normalize.js";
import { mapToFloat64 } from "./typed-arrays.js";

export interface PreparedQuery {
  readonly m: number;
  /** The z-normalised query, qz. */
  readonly z: Float64Array;
  readonly constant: boolean;
  /** sum qz^2 as the fast L2 formula uses it: exactly m, or 0 for a constant query. */
  readonly normSq: number;
  /** sum |qz|: the L1 distance from this query to any constant window. */
  readonly sumAbs: number;
  /** |sum qz|, ideally 0; rounding leaves ~m * eps, which the error margins account for. */
  readonly sumError: number;
  /** Positions of qz by |qz| descending (ties by position), for early abandoning (UCR reordering). */
  readonly order: Int32Array;
  /** qz in `order`. */
  readonly zOrdered: Float64Array;
}

/** Throws RangeError for m < 2 and TypeError for a non-finite value. A constant query is allowed. */
export function prepareQuery(query: Float64Array): PreparedQuery {
  if (!(query instanceof Float64Array)) throw new TypeError("query must be a Float64Array");
  const m = query.length;
  if (m < 2) throw new RangeError(`query must have at least 2 values, got ${m}`);
  for (let i = 0; i < m; i++) {
    if (!Number.isFinite(query[i])) throw new TypeError(`query value at position ${i} is not finite (${query[i]})`);
  }
  return new Prepared(query);
}

/** The L1 reordering is computed on first use: L2 searches never read it, and sorting is most of the cost. */
class Prepared implements PreparedQuery {
  readonly m: number;
  readonly z: Float64Array;
  readonly constant: boolean;
  readonly normSq: number;
  readonly sumAbs: number;
  readonly sumError: number;
  private orderCache: Int32Array | undefined;
  private zOrderedCache: Float64Array | undefined;

  constructor(query: Float64Array) {
    const m = query.length;
    this.m = m;
    // A slab view (scratch-arrays.ts): a prepared query lives as long as its search, or a scorer's.
    this.z = scratchFloat64Array(m);
    this.constant = !zNormalizeInto(query, this.z);
    let sumAbs = 0;
    let sum = 0;
    for (let i = 0; i < m; i++) {
      sumAbs += Math.abs(this.z[i]);
      sum += this.z[i];
    }
    this.normSq = this.constant ? 0 : m;
    this.sumAbs = sumAbs;
    this.sumError = Math.abs(sum);
  }

  get order(): Int32Array {
    if (this.orderCache === undefined) {
      const z = this.z;
      const positions = Array.from({ length: this.m }, (_, i) => i);
      positions.sort((a, b) => Math.abs(z[b]) - Math.abs(z[a]) || a - b);
      this.orderCache = Int32Array.from(positions);
    }
    return this.orderCache;
  }

  get zOrdered(): Float64Array {
    this.zOrderedCache ??= mapToFloat64(this.order, (i) => this.z[i]);
    return this.zOrderedCache;
  }
}
