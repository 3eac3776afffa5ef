/** Fewest distinct advertisers a published figure may rest on (the demand reports' rule: rows under 3 clients are withheld). */
export const MIN_ADVERTISERS = 3;

const BUCKETS: readonly [low: number, high: number | null][] = [
  [3, 9],
  [10, 24],
  [25, 49],
  [50, 99],
  [100, null],
];

/**
 * A count of advertisers as the demand reports give client counts: a fixed bucket (`3-9` ... `100+`), or null
 * when fewer than 3 (the figures resting on them are withheld too). Kept to this one function so it can
 * defer to the shared privacy module of the demand reports.
 */
export function advertiserBucket(count: number): string | null {
  const bucket = BUCKETS.find(([low, high]) => count >= low && (high === null || count <= high));
  if (bucket === undefined) return null;
  return bucket[1] === null ? `${bucket[0]}+` : `${bucket[0]}-${bucket[1]}`;
}
