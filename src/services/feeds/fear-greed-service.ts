import type { FearGreed, FearGreedProvider } from "../../providers/feeds/port.js";
import { FEED_POLICIES, SINGLE_KEY } from "./feed-policies.js";
import type { Served, SnapshotCache } from "./snapshot-cache.js";

/** CNN's Fear & Greed index through the snapshot store (30 min fresh; any older snapshot on failure). */
export class FearGreedService {
  constructor(
    private readonly provider: FearGreedProvider,
    private readonly cache: SnapshotCache,
  ) {}

  current(): Promise<Served<FearGreed>> {
    return this.cache.get(FEED_POLICIES.fearGreed, SINGLE_KEY, () => this.provider.fearGreed());
  }
}
