import { searchPreprintsContract } from "../../../contracts/feeds/search-preprints.js";
import type { PreprintSort } from "../../../domain/feed-vocabulary.js";
import type { PreprintService } from "../../../services/feeds/preprint-service.js";
import { operationRoute, type RouteModule } from "../../route-module.js";
import { snapshotMeta } from "./feed-wire.js";

export function searchPreprintsRoute(preprints: PreprintService): RouteModule {
  return operationRoute(searchPreprintsContract, async (params: { query: string; category?: string; max_results: number; sort_by: PreprintSort }) => {
    const served = await preprints.search({ query: params.query, category: params.category, maxResults: params.max_results, sortBy: params.sort_by });
    return {
      query: params.query,
      category: params.category ?? null,
      sort_by: params.sort_by,
      count: served.value.papers.length,
      papers: served.value.papers,
      ...snapshotMeta(served),
    };
  });
}
