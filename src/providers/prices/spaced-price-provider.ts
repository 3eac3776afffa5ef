import type { Bar, Timeframe } from "../../domain/bar.js";
import type { ResolvedSymbol } from "../../domain/resolved-symbol.js";
import type { RequestSpacer } from "../http/request-spacer.js";
import type { PriceProvider } from "./port.js";

/**
 * A price source whose requests wait their turn behind a RequestSpacer: background work (the universe refresh)
 * keeps to a rate far under the upstream's limit, so the paid calls sharing that upstream never meet a 429.
 * Same name as the wrapped source, so the bars land under the same store key.
 */
export class SpacedPriceProvider implements PriceProvider {
  readonly name: string;

  constructor(
    private readonly source: PriceProvider,
    private readonly spacer: RequestSpacer,
  ) {
    this.name = source.name;
  }

  bars(symbol: ResolvedSymbol, timeframe: Timeframe, fromMs: number, toMs: number): Promise<Bar[]> {
    return this.spacer.run(() => this.source.bars(symbol, timeframe, fromMs, toMs));
  }
}
