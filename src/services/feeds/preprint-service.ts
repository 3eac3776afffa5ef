import { PREPRINT_CATEGORY_ALIASES, type PreprintSort } from "../../domain/feed-vocabulary.js";
import type { PreprintProvider, PreprintResult } from "../../providers/feeds/port.js";
import { FEED_POLICIES } from "./feed-policies.js";
import type { Served, SnapshotCache } from "./snapshot-cache.js";

export interface PreprintSearch {
  query: string;
  category: string | undefined;
  maxResults: number;
  sortBy: PreprintSort;
}

/** One stored answer per normalised search: the same words, category, size and order hit the same snapshot. */
export function preprintKey(search: PreprintSearch): string {
  const words = search.query.trim().toLowerCase().split(/\s+/).join(" ");
  return `q=${words}|cat=${search.category ?? ""}|n=${search.maxResults}|sort=${search.sortBy}`;
}

/** arXiv search through the snapshot store (6 h per normalised query), spaced 3 s apart by the adapter. */
export class PreprintService {
  constructor(
    private readonly provider: PreprintProvider,
    private readonly cache: SnapshotCache,
  ) {}

  search(search: PreprintSearch): Promise<Served<PreprintResult>> {
    const categories = search.category === undefined ? [] : [...(PREPRINT_CATEGORY_ALIASES.get(search.category) ?? [search.category])];
    return this.cache.get(FEED_POLICIES.preprints, preprintKey(search), () =>
      this.provider.search({ query: search.query, categories, maxResults: search.maxResults, sortBy: search.sortBy }),
    );
  }
}
