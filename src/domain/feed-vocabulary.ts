/**
 * The fixed vocabularies of the feed routes: what a caller may ask for (the contracts' enums), what the services
 * and snapshot jobs iterate over, and what the adapters map upstream values to. They live here, below every
 * layer that names them, so a wire contract never reaches up into a service for a constant.
 */

export const TREND_PERIODS = ["daily", "weekly", "monthly"] as const;
export type TrendPeriod = (typeof TREND_PERIODS)[number];

/** Countries whose daily trend feeds the scheduled job stores; WORLDWIDE and the aggregates are built from them. */
export const TREND_GEOS = ["US", "GB", "IN", "DE", "FR", "JP", "BR", "AU"] as const;

export const ECON_PERIODS = ["today", "tomorrow", "this_week", "next_week", "this_month"] as const;
export type EconPeriod = (typeof ECON_PERIODS)[number];

export const ECON_IMPORTANCE = ["high", "medium", "low", "holiday", "non-economic"] as const;
export type EconImportance = (typeof ECON_IMPORTANCE)[number];

export const PREPRINT_SORTS = ["submittedDate", "relevance", "lastUpdatedDate"] as const;
export type PreprintSort = (typeof PREPRINT_SORTS)[number];

/** The spec's preprint subject aliases, expanded to arXiv category codes (data-sources.md §2.10); a Map, as the key is a caller's string. */
export const PREPRINT_CATEGORY_ALIASES: ReadonlyMap<string, readonly string[]> = new Map([
  ["ai", ["cs.AI", "cs.LG", "cs.CL"]],
  ["finance", ["q-fin.CP", "q-fin.GN", "q-fin.MF", "q-fin.PM", "q-fin.PR", "q-fin.RM", "q-fin.ST", "q-fin.TR", "q-fin.EC"]],
  ["crypto", ["cs.CR"]],
  ["bio", ["q-bio.BM", "q-bio.CB", "q-bio.GN", "q-bio.MN", "q-bio.NC", "q-bio.OT", "q-bio.PE", "q-bio.QM", "q-bio.SC", "q-bio.TO"]],
  ["physics", ["physics.gen-ph", "physics.comp-ph", "physics.data-an", "physics.soc-ph", "physics.app-ph", "cond-mat", "hep-th", "hep-ph", "quant-ph", "astro-ph", "gr-qc"]],
  ["econ", ["econ.EM", "econ.GN", "econ.TH"]],
]);

/** A raw arXiv category code: archive, optionally `.subject` (cs.AI, q-fin.ST, hep-th). */
export const RAW_PREPRINT_CATEGORY = /^[a-z-]+(\.[A-Za-z-]+)?$/;

/** The semiconductor names of the hardware route's market_index: the PHLX index and the largest chip makers. */
export const SEMIS_SYMBOLS = ["^SOX", "NVDA", "AMD", "INTC", "TSM", "AVGO", "MU", "QCOM", "ASML"] as const;
