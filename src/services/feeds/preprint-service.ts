import type { PreprintProvider, PreprintResult, PreprintSort } from "../../providers/feeds/port.js";
import { FEED_POLICIES } from "./feed-policies.js";
import type { Served, SnapshotCache } from "./snapshot-cache.js";

/** Subject aliases of the spec, expanded to arXiv category codes (data-sources.md §2.10). */
export const CATEGORY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  ai: ["cs.AI", "cs.LG", "cs.CL"],
  finance: ["q-fin.CP", "q-fin.GN", "q-fin.MF", "q-fin.PM", "q-fin.PR", "q-fin.RM", "q-fin.ST", "q-fin.TR", "q-fin.EC"],
  crypto: ["cs.CR"],
  bio: ["q-bio.BM", "q-bio.CB", "q-bio.GN", "q-bio.MN", "q-bio.NC", "q-bio.OT", "q-bio.PE", "q-bio.QM", "q-bio.SC", "q-bio.TO"],
  physics: ["physics.gen-ph", "physics.comp-ph", "physics.data-an", "physics.soc-ph", "physics.app-ph", "cond-mat", "hep-th", "hep-ph", "quant-ph", "astro-ph", "gr-qc"],
  econ: ["econ.EM", "econ.GN", "econ.TH"],
};

/** A raw arXiv category code: archive, optionally `.subject` (cs.AI, q-fin.ST, hep-th). */
export const RAW_CATEGORY = /^[a-z-]+(\.[A-Za-z-]+)?$/;

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
    const categories = search.category === undefined ? [] : [...(CATEGORY_ALIASES[search.category] ?? [search.category])];
    return this.cache.get(FEED_POLICIES.preprints, preprintKey(search), () =>
      this.provider.search({ query: search.query, categories, maxResults: search.maxResults, sortBy: search.sortBy }),
    );
  }
}
