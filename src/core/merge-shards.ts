/**
 * Merging the answers of a many-series search split by series into shards (searchManyScored on each part).
 *
 * Why a merge of per-shard top-k lists is the one-list answer, exactly. The one-list search (searchMany) is
 * the greedy over every window in the order (exact score, series index, start) that skips a window
 * overlapping an earlier pick OF THE SAME SERIES; it stops after k picks. Overlap never crosses series, so
 * whether a window is picked depends only on the earlier windows of its own series: series s alone yields
 * a fixed pick sequence G_s, and the one-list answer is the first k of all G_s merged in that order. A
 * shard holding some of the series (with their list positions as series indices, their own exclude ranges
 * and the same query) returns, by the same argument, the first k of the merge of its G_s. Every window of
 * the global first k has fewer than k windows before it globally, so fewer than k before it within its
 * shard: it is in its shard's answer. Hence the first k of the shards' answers, merged in the same order,
 * is the one-list answer, ties included. The order uses the exact score, not the distance: an L2
 * distance is the score's square root, which can round two different scores to one distance.
 */
import type { ScoredMatch } from "./select-matches.js";

/** The k best of the shards' answers in greedy order; each answer must come from a disjoint set of series. */
export function mergeShardMatches(answers: readonly (readonly ScoredMatch[])[], k: number): ScoredMatch[] {
  return answers
    .flat()
    .sort((a, b) => a.score - b.score || a.seriesIndex - b.seriesIndex || a.start - b.start)
    .slice(0, k);
}
