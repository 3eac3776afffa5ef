import type { Served } from "../../../services/feeds/snapshot-cache.js";

/** `fetched_at` and `cached` of a served snapshot, as every feed envelope carries them. */
export function snapshotMeta(served: Pick<Served<unknown>, "fetchedAtMs" | "cached">): { fetched_at: string; cached: boolean } {
  return { fetched_at: new Date(served.fetchedAtMs).toISOString(), cached: served.cached };
}
