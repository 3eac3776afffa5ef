import { z } from "zod";
import { AppError, validationError } from "../../../domain/app-error.js";
import type { Mover, MoverCategory, MoversProvider } from "../port.js";
import { mapYahooError } from "./yahoo-error-mapper.js";
import type { YahooFinanceClient } from "./yahoo-finance-client.js";

const SCREENER_IDS: Readonly<Record<MoverCategory, "day_gainers" | "day_losers" | "most_actives">> = {
  gainers: "day_gainers",
  losers: "day_losers",
  most_active: "most_actives",
};

/** Yahoo's predefined screeners page at 250 rows. */
export const MAX_MOVERS_COUNT = 250;

/**
 * Our own check of the few fields we map. The library's screener schema is stricter than Yahoo's
 * real answers (v4 requires `criteriaMeta.includeFields`, absent in Feb-2025 recordings), so its
 * validation is turned off and this one decides instead.
 */
const ScreenerQuoteSchema = z.object({
  symbol: z.string().min(1),
  shortName: z.string().optional(),
  longName: z.string().optional(),
  regularMarketPrice: z.number(),
  /** In PERCENT upstream (30.4 = +30.4 %). */
  regularMarketChangePercent: z.number(),
  regularMarketVolume: z.number().optional(),
  marketCap: z.number().optional(),
  /** Epoch seconds (the library may already have turned it into a Date). */
  regularMarketTime: z.union([z.number(), z.date()]).optional(),
});
const ScreenerResultSchema = z.object({ quotes: z.array(ScreenerQuoteSchema) });

export interface YahooMoversProviderDeps {
  yahoo: YahooFinanceClient;
}

/** US day gainers / losers / most actives from Yahoo's predefined screeners (crumb + cookie needed). */
export class YahooMoversProvider implements MoversProvider {
  readonly name = "yahoo";
  readonly universe = "US stocks ranked by Yahoo Finance's predefined screeners (day_gainers, day_losers, most_actives)";
  private readonly yahoo: YahooFinanceClient;

  constructor(deps: YahooMoversProviderDeps) {
    this.yahoo = deps.yahoo;
  }

  async movers(category: MoverCategory, count: number): Promise<Mover[]> {
    if (!Number.isInteger(count) || count < 1 || count > MAX_MOVERS_COUNT) {
      throw validationError("count", `must be an integer from 1 to ${MAX_MOVERS_COUNT}`);
    }
    const scrIds = SCREENER_IDS[category];
    let raw: unknown;
    try {
      raw = await this.yahoo.screener({ scrIds, count }, undefined, { validateResult: false });
    } catch (error) {
      throw mapYahooError(error, `screener ${scrIds}`);
    }
    const parsed = ScreenerResultSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new AppError(
        "UPSTREAM_SCHEMA_CHANGED",
        `Yahoo Finance screener ${scrIds} lacks fields we map: ${issue ? `${issue.path.join(".")}: ${issue.message}` : "?"}`,
      );
    }
    return parsed.data.quotes.slice(0, count).map((q) => ({
      symbol: q.symbol,
      name: q.shortName ?? q.longName ?? null,
      price: q.regularMarketPrice,
      // Percent -> decimal; 12 significant digits drop the binary noise of /100 (-20.4764 -> -0.204764).
      changePct: Number((q.regularMarketChangePercent / 100).toPrecision(12)),
      volume: q.regularMarketVolume ?? null,
      marketCap: q.marketCap ?? null,
      asOfMs: q.regularMarketTime === undefined ? null : q.regularMarketTime instanceof Date ? q.regularMarketTime.getTime() : q.regularMarketTime * 1000,
    }));
  }
}
