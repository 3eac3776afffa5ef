import { massExact } from "./mass-exact";
import { massBegin, massScores } from "./mass-kernels";
import { massSelect, massSelectBlank, selectableWindows } from "./mass-select";

/**
 * A MASS query in one call from JavaScript: massBegin, massScores over the admitted intervals [from0, to0)
 * and [from1, to1) (the second may be empty; series-scan.ts admits at most two), then, when k >= 0, the
 * certified selection (mass-select.ts) with every window outside the intervals blanked and, with `exact`
 * set, the picks' exact scores (mass-exact.ts). Each call from JavaScript into wasm cost ~0.2-0.3 µs here
 * and this was seven of them per query, about a tenth of a query on a 4k-bar series at m = 250.
 *
 * Returns the number of picks (in the output buffers, greedy order), -1 when a selection step was
 * uncertain, or -2 when no selection was asked (k < 0); in both of those cases the fast scores stay in
 * SCORE / ERROR for massBound and massEmit.
 */
export function massQuery(
  from0: i32, to0: i32, from1: i32, to1: i32, querySumSq: f64, statsRelativeError: f64, rounding: f64,
  querySumError: f64, capacity: i32, k: i32, bound: f64, exact: bool,
): i32 {
  massBegin(querySumSq, statsRelativeError, rounding, querySumError, capacity);
  if (from0 < to0) massScores(from0, to0);
  if (from1 < to1) massScores(from1, to1);
  if (k < 0) return -2;
  massSelectBlank(0, from0);
  massSelectBlank(to0, from1);
  massSelectBlank(to1, selectableWindows());
  const picks = massSelect(k, bound);
  if (picks > 0 && exact) massExact(picks);
  return picks;
}
