import { AppError } from "../../src/domain/app-error.js";
import type { Bar, Timeframe } from "../../src/domain/bar.js";
import type { ResolvedSymbol } from "../../src/domain/resolved-symbol.js";
import type { PriceProvider } from "../../src/providers/prices/port.js";

const DAY_MS = 86_400_000;

/**
 * An in-test implementation of the PriceProvider port (a provider port, not one of our components): daily
 * bars per symbol that the test extends day by day, and a count of upstream calls per symbol.
 */
export class ControllablePrices implements PriceProvider {
  readonly name = "controlled";
  readonly calls = new Map<string, number>();
  private readonly series = new Map<string, Bar[]>();

  /** `closes` as consecutive daily bars ending on the day of `lastDayMs`. */
  set(ticker: string, closes: number[], lastDayMs: number): void {
    const firstMs = lastDayMs - (closes.length - 1) * DAY_MS;
    this.series.set(ticker, closes.map((close, i) => bar(firstMs + i * DAY_MS, close)));
  }

  /** Adds the bar of the day holding `nowMs` (the source never adds bars in the past of what it served). */
  push(ticker: string, close: number, nowMs: number): void {
    this.series.get(ticker)!.push(bar(Math.floor(nowMs / DAY_MS) * DAY_MS, close));
  }

  async bars(symbol: ResolvedSymbol, _timeframe: Timeframe, fromMs: number, toMs: number): Promise<Bar[]> {
    this.calls.set(symbol.source, (this.calls.get(symbol.source) ?? 0) + 1);
    const bars = this.series.get(symbol.source);
    if (bars === undefined) throw new AppError("UNKNOWN_TICKER", `unknown ticker ${symbol.ticker}`);
    return bars.filter((b) => b.tsMs >= fromMs && b.tsMs < toMs);
  }
}

function bar(tsMs: number, close: number): Bar {
  return { tsMs, open: close, high: close, low: close, close, volume: 1_000 };
}

/** A wavy but deterministic price path around `level` (so windows are never constant). */
export function wave(count: number, level: number, seed = 1): number[] {
  return Array.from({ length: count }, (_, i) => level * (1 + 0.05 * Math.sin((i + seed) / 3) + 0.02 * Math.cos((i * seed) / 7)));
}
