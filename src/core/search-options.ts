/**
 * Options shared by the search entry points, and their validation (RangeError / TypeError with a
 * message naming the option, so the HTTP layer can pass it on as a 422 detail).
 *
 * Glossary: m = query (window) length, n = series length.
 */
import type { Metric } from "./exact-scorer.js";
import type { L2Algorithm } from "./series-scan.js";

export interface SearchOptions {
  /** Number of matches wanted (an integer >= 1); fewer come back when fewer eligible windows exist. */
  k: number;
  metric: Metric;
  /** [start, end) index range no match may overlap: normally the query's own position in the series. */
  excludeRange?: [number, number];
  /** Causal search: only windows ending at or before this index (start + m <= endBefore). No wrapped windows. */
  endBefore?: number;
  /** Also admit windows that splice the end of the series onto its start; they come back as wrapped: true. */
  wrap?: boolean;
  /** L2 kernel: "auto" (default, cost model), or "direct" / "mass" to force one (tests, benchmarks). */
  algorithm?: L2Algorithm;
}

export interface ManySearchOptions extends Omit<SearchOptions, "excludeRange"> {
  /** Per series (same positions as the series list), the range to exclude there, or undefined. */
  excludeRanges?: ([number, number] | undefined)[];
}

export function validateSearchOptions(options: Omit<SearchOptions, "excludeRange">): void {
  if (typeof options !== "object" || options === null) throw new TypeError("options must be an object");
  if (!Number.isInteger(options.k) || options.k < 1) throw new RangeError(`k must be an integer >= 1, got ${options.k}`);
  if (options.k > 100_000) throw new RangeError(`k must be at most 100000, got ${options.k}`);
  if (options.metric !== "l1" && options.metric !== "l2") {
    throw new TypeError(`metric must be "l1" or "l2", got ${String(options.metric)}`);
  }
  if (options.endBefore !== undefined && (!Number.isInteger(options.endBefore) || options.endBefore < 0)) {
    throw new RangeError(`endBefore must be an integer >= 0, got ${options.endBefore}`);
  }
  if (options.wrap !== undefined && typeof options.wrap !== "boolean") throw new TypeError("wrap must be a boolean");
  const algorithm = options.algorithm ?? "auto";
  if (algorithm !== "auto" && algorithm !== "direct" && algorithm !== "mass") {
    throw new TypeError(`algorithm must be "auto", "direct" or "mass", got ${String(algorithm)}`);
  }
  if (algorithm !== "auto" && options.metric === "l1") {
    throw new RangeError(`algorithm "${algorithm}" applies to metric "l2" only; L1 always uses early abandoning`);
  }
}

/** An excluded range must be [start, end) with 0 <= start < end <= n (integers). */
export function validateExcludeRange(range: [number, number] | undefined, n: number, label: string): void {
  if (range === undefined) return;
  if (!Array.isArray(range) || range.length !== 2) throw new TypeError(`${label} must be a [start, end) pair`);
  const [a, b] = range;
  if (!Number.isInteger(a) || !Number.isInteger(b) || a < 0 || b <= a || b > n) {
    throw new RangeError(`${label} must satisfy 0 <= start < end <= ${n} (integers), got [${a}, ${b})`);
  }
}
