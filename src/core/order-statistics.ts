/**
 * Order statistics without a full sort. Glossary: n = number of values; the value of rank r is the one an
 * ascending sort would put at index r. Unlike ./statistics.ts, this works in place on a scratch array the
 * caller hands over.
 */

/**
 * Rearranges `values` so that, for every rank in `ranks`, values[rank] holds the value of that rank; the other
 * places hold the rest, partitioned around those ranks in no useful order. Quickselect (Hoare partition around a
 * median of three), rank after rank, each over the part above the previous rank: O(n) expected per rank where a
 * sort costs O(n log n). A part that keeps resisting (past 2·log2(n) + 8 partitions: adversarial input) is
 * sorted instead. Finite values only (NaN breaks every comparison; the caller checks), and -0 and +0 count as
 * equal, so a caller that needs a sort's -0-before-+0 must not hold both.
 */
export function placeOrderStatistics(values: Float64Array, ranks: readonly number[]): void {
  const n = values.length;
  const wanted = [...new Set(ranks)].sort((a, b) => a - b);
  let lo = 0;
  for (const rank of wanted) {
    if (!Number.isInteger(rank) || rank < 0 || rank >= n) throw new RangeError(`rank ${rank} is outside 0..${n - 1}`);
    selectRank(values, rank, lo, n - 1);
    lo = rank + 1;
  }
}

/**
 * The ranks whose values type-7 percentiles of n values read (percentileOfSorted: the value at floor(h) and, when
 * h has a fraction, the next one, h = (n - 1) · p / 100), for each p of `ps`.
 */
export function percentileRanks(n: number, ps: readonly number[]): number[] {
  const ranks: number[] = [];
  for (const p of ps) {
    const h = ((n - 1) * p) / 100;
    const lower = Math.floor(h);
    ranks.push(lower);
    if (h - lower !== 0) ranks.push(lower + 1);
  }
  return ranks;
}

function selectRank(a: Float64Array, rank: number, lo: number, hi: number): void {
  let budget = 2 * Math.ceil(Math.log2(hi - lo + 2)) + 8;
  while (hi > lo) {
    if (budget-- === 0) {
      a.subarray(lo, hi + 1).sort();
      return;
    }
    const pivot = medianOfThree(a[lo], a[(lo + hi) >>> 1], a[hi]);
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (a[i] < pivot) i++;
      while (a[j] > pivot) j--;
      if (i <= j) {
        const swap = a[i];
        a[i] = a[j];
        a[j] = swap;
        i++;
        j--;
      }
    }
    // a[lo..j] <= pivot, a[j+1..i-1] == pivot, a[i..hi] >= pivot.
    if (rank <= j) hi = j;
    else if (rank >= i) lo = i;
    else return;
  }
}

function medianOfThree(x: number, y: number, z: number): number {
  if (x < y) return y < z ? y : x < z ? z : x;
  return x < z ? x : y < z ? z : y;
}
