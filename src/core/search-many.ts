/**
 * One query over many series with one shared pruning bound (screens, cross-asset search).
 *
 * Glossary: k = matches wanted, m = query length.
 *
 * The series are scanned one after another into a single CandidateCollector, so a good match found in an
 * early series tightens the bound for every later one (this is what makes L1 early abandoning pay off
 * across a screen). Overlap only matters within a series; the greedy order is (distance, series index,
 * start). Series shorter than the query simply contribute no windows. The result equals merging each
 * series' exhaustive result and picking greedily across them.
 */
import { CandidateCollector } from "./candidate-collector.js";
import { prepareQuery } from "./prepared-query.js";
import type { PreparedSeries } from "./prepared-series.js";
import { validateExcludeRange, validateSearchOptions, type ManySearchOptions } from "./search-options.js";
import { selectMatches, withoutScore, type ScoredMatch, type WindowMatch } from "./select-matches.js";
import { scanSeries } from "./series-scan.js";

export function searchMany(seriesList: readonly PreparedSeries[], query: Float64Array, options: ManySearchOptions): WindowMatch[] {
  return searchManyScored(seriesList, query, options).map(withoutScore);
}

/** searchMany with each match's exact score: what a shard returns for mergeShardMatches (merge-shards.ts). */
export function searchManyScored(seriesList: readonly PreparedSeries[], query: Float64Array, options: ManySearchOptions): ScoredMatch[] {
  validateSearchOptions(options);
  const prepared = prepareQuery(query);
  const excludeRanges = options.excludeRanges ?? [];
  if (!Array.isArray(excludeRanges) || excludeRanges.length > seriesList.length) {
    throw new RangeError(`excludeRanges has ${excludeRanges.length} entries for ${seriesList.length} series`);
  }
  seriesList.forEach((series, i) => validateExcludeRange(excludeRanges[i], series.length, `excludeRanges[${i}]`));
  const collector = new CandidateCollector(options.k, prepared.m, options.wrap === true ? seriesList.length : 0);
  seriesList.forEach((series, i) => {
    collector.beginSeries(i);
    scanSeries(
      series,
      {
        query: prepared,
        metric: options.metric,
        excludeRange: excludeRanges[i],
        endBefore: options.endBefore,
        wrap: options.wrap ?? false,
        algorithm: options.algorithm ?? "auto",
        sharedBound: seriesList.length > 1,
      },
      collector,
    );
  });
  const values = seriesList.map((series) => series.values);
  return selectMatches(collector.finish(), values, prepared, options.metric, options.k);
}
