import type { TickerUniverse } from "../patterns/pattern-service.js";

/**
 * What `universe=all` searches: a seed list (offline: every file of MARKET_DATA_DIR; live: a fixed list
 * of liquid symbols, both chosen in build-cross-asset) plus the tickers most recently loaded on this node
 * by the pattern and cross-asset routes, newest kept, at most `maxRecent`. The node's series cache holds
 * those histories already, so an `all` search mostly reads memory. Per node: nodes differ in what they
 * have loaded, which is why the seed list comes first and is the same everywhere.
 */
export class KnownUniverse implements TickerUniverse {
  private readonly recent = new Map<string, true>();

  constructor(
    private readonly seed: () => Promise<string[]>,
    private readonly maxRecent = 100,
  ) {}

  record(ticker: string): void {
    // Re-inserting moves the ticker to the newest end of the Map's insertion order.
    this.recent.delete(ticker);
    this.recent.set(ticker, true);
    if (this.recent.size > this.maxRecent) this.recent.delete(this.recent.keys().next().value as string);
  }

  async tickers(): Promise<string[]> {
    return [...new Set([...(await this.seed()), ...this.recent.keys()])];
  }
}
