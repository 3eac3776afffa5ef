/**
 * A universe search on every search worker: the list is cut by series into one shard per worker, each worker
 * searches its shard (its series, their own exclude ranges, the same query), and the shards' top-k lists are
 * merged by exact score (core/merge-shards.ts proves the merge equals the one-list search, ties included).
 * The summary then runs on one worker over the query's history and the few series that hold a match. This
 * thread only cuts the list, dispatches and merges k-long lists: no per-series computation happens here.
 */
import type { PatternAnalogs, PatternSearch, ShardSearch } from "../../analytics/pattern-analogs.js";
import type { PriceSeries } from "../../analytics/price-series.js";
import { mergeShardMatches } from "../../core/merge-shards.js";
import { withoutScore, type ScoredMatch } from "../../core/select-matches.js";
import type { OutcomeKind } from "../../domain/outcome-kind.js";
import type { SearchRunner } from "./search-job.js";

/** Below this many series one worker answers sooner than two shards plus a merge hop. */
export const MIN_SHARDED_SERIES = 8;

export interface UniverseEntry {
  series: PriceSeries;
  kind: OutcomeKind;
}

/** One shard: the query's own history first, then the shard's histories, with what the shard searches. */
export interface UniverseShard {
  series: PriceSeries[];
  args: ShardSearch;
}

/**
 * Where a universe search's shards run: this node's search workers (localShards), or shard jobs that any node
 * sharing the database takes (shard-jobs.ts). Each shard's answer is its top-k in greedy order.
 */
export interface ShardExecutor {
  /** How many shards a list of this many series is cut into (below 2: not cut, one worker answers). */
  shardCount(seriesCount: number): number;
  run(shards: readonly UniverseShard[]): Promise<ScoredMatch[][]>;
}

/** The shards on this node's search workers, shard i on worker i every time. */
export function localShards(runner: SearchRunner, count = runner.parallelism): ShardExecutor {
  return { shardCount: () => count, run: (shards) => runner.computeShards("universeShard", shards) };
}

/** The analogs of the query window of list[0] across the list, as patternAnalogs would find them on one worker. */
export async function searchUniverse(
  runner: SearchRunner,
  list: readonly UniverseEntry[],
  search: PatternSearch & { excludeRanges: ([number, number] | undefined)[] },
  shards: number | ShardExecutor = runner.parallelism,
): Promise<PatternAnalogs> {
  const outcomeKinds = list.map((entry) => entry.kind);
  const executor = typeof shards === "number" ? localShards(runner, shards) : shards;
  const shardCount = executor.shardCount(list.length);
  if (shardCount < 2 || list.length < MIN_SHARDED_SERIES) {
    return runner.compute("patternAnalogs", list.map((entry) => entry.series), { ...search, outcomeKinds });
  }
  const own = list[0].series;
  const { queryStart, m, k, metric, wrap } = search;
  const cut = cutBySize(list, shardCount).map((positions) => ({
    series: [own, ...positions.map((p) => list[p].series)],
    args: { queryStart, m, k, metric, wrap, positions, excludeRanges: positions.map((p) => search.excludeRanges[p]) },
  }));
  const merged = mergeShardMatches(await executor.run(cut), k);
  // The query's own series first, then each series holding a match once, in list order (their positions renumbered).
  const held = [0, ...new Set(merged.map((match) => match.seriesIndex).filter((p) => p !== 0))].sort((a, b) => a - b);
  const renumber = new Map(held.map((position, i) => [position, i] as const));
  const matches = merged.map((match) => ({ ...withoutScore(match), seriesIndex: renumber.get(match.seriesIndex)! }));
  const described = await runner.compute("describeAnalogs", held.map((p) => list[p].series), {
    search: { ...search, excludeRanges: undefined, outcomeKinds: held.map((p) => outcomeKinds[p]) },
    matches,
  });
  return { ...described, analogs: described.analogs.map((analog) => ({ ...analog, seriesIndex: held[analog.seriesIndex] })) };
}

/**
 * Contiguous runs of list positions, one per shard, of about equal total bars (a search's cost grows with the
 * bars scanned). Contiguous and in list order, so a shard's ties break as the whole list's do; the same list
 * always gives the same cut, so each worker keeps being sent the same histories.
 */
export function cutBySize(list: readonly { series: PriceSeries }[], shardCount: number): number[][] {
  const total = list.reduce((sum, entry) => sum + entry.series.closes.length, 0);
  const shards: number[][] = [[]];
  let done = 0;
  list.forEach((entry, position) => {
    const shard = shards[shards.length - 1];
    const size = entry.series.closes.length;
    // A series goes to the next shard when more than half of it lies past this shard's share of the bars.
    if (shard.length > 0 && shards.length < shardCount && done + size / 2 > (total * shards.length) / shardCount) shards.push([position]);
    else shard.push(position);
    done += size;
  });
  return shards;
}
