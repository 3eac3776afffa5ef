import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { intParam } from "../params.js";
import { MOMENTUM_METHOD, momentumRowFields } from "./momentum-row.js";

const params = z.object({
  top_n: intParam({ min: 1, max: 50, description: "Optional: how many of the strongest ETFs to return, 1 to 50; default all that have a score" }).optional(),
});
export type SectorsMomentumParams = z.infer<typeof params>;

const SectorRowSchema = z
  .object({
    ...momentumRowFields,
    ticker: z.string().openapi({ description: "The ETF" }),
    kind: z.enum(["sector", "theme"]).openapi({ description: "sector: one of the 11 GICS sectors (Select Sector SPDR fund); theme: a theme ETF" }),
    name: z.string().openapi({ description: "Sector or theme" }),
    leaders: z.array(z.string()).openapi({ description: "Largest holdings of the fund from the static constituent map (see constituents_as_of); empty for bullion" }),
  })
  .openapi("SectorMomentumRow");

const response = z
  .object({
    constituents_as_of: z.string().openapi({ description: "Month of the static constituent map behind leaders (YYYY-MM)" }),
    constituents_note: z.string(),
    etf_count: z.number().int(),
    ranked_count: z.number().int().openapi({ description: "ETFs with a composite score" }),
    results: z.array(SectorRowSchema).openapi({ description: "Strongest first (top_n of them when given)" }),
    not_ranked: z.array(SectorRowSchema).openapi({ description: "ETFs without a score, each with its status and error" }),
    method: z.string(),
  })
  .openapi("SectorsMomentum");

/** The offline dataset's answer: it holds no sector or theme ETF, so every row is unknown_ticker. */
function offline(ticker: string, kind: "sector" | "theme", name: string, leaders: string[]) {
  const none = { as_of: null, close: null, return_12m_1m: null, return_6m: null, return_3m: null, return_1m: null };
  const noScore = { distance_from_52w_high: null, volatility_1y: null, volatility_observations: null, composite_score: null };
  const error = `Unknown ticker "${ticker}": not in the offline dataset`;
  return { rank: null, ticker, status: "unknown_ticker" as const, ...none, ...noScore, error, kind, name, leaders };
}

export const sectorsMomentumContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_sectors_momentum",
  description:
    "The 11 standard market sectors through their Select Sector SPDR ETFs (XLK XLF XLV XLE XLI XLY XLP XLU XLB XLRE XLC) and theme " +
    "ETFs (SMH semiconductors, IGV software, IBB biotech, ITA aerospace & defense, TAN solar, URA uranium, ARKK disruptive innovation, " +
    "GLD gold) ranked by the same price momentum as /api/momentum/scan, each with its leader names: the fund's largest holdings from a " +
    "static constituent map dated constituents_as_of (not refreshed; holdings drift). An ETF whose prices cannot be loaded (the offline " +
    "dataset holds no ETF but SPY and QQQ) stays in the 200 response under not_ranked with a status. " +
    `When every fund fails, the answer is the error they share (404 UNKNOWN_TICKER / NO_DATA, 503 UPSTREAM_UNAVAILABLE with Retry-After) and nothing is charged. ${MOMENTUM_METHOD}`,
  params,
  response,
  example: {
    params: {},
    response: {
      constituents_as_of: "2025-06",
      constituents_note: "leaders are the funds' largest holdings from a static map as of 2025-06, not refreshed",
      etf_count: 19,
      ranked_count: 0,
      results: [],
      not_ranked: [
        offline("XLK", "sector", "Information Technology", ["NVDA", "MSFT", "AAPL", "AVGO", "ORCL"]),
        offline("XLF", "sector", "Financials", ["BRK.B", "JPM", "V", "MA", "BAC"]),
        offline("XLV", "sector", "Health Care", ["LLY", "JNJ", "ABBV", "UNH", "ABT"]),
        offline("XLE", "sector", "Energy", ["XOM", "CVX", "COP", "WMB", "EOG"]),
        offline("XLI", "sector", "Industrials", ["GE", "RTX", "CAT", "UBER", "BA"]),
        offline("XLY", "sector", "Consumer Discretionary", ["AMZN", "TSLA", "HD", "MCD", "BKNG"]),
        offline("XLP", "sector", "Consumer Staples", ["COST", "WMT", "PG", "KO", "PM"]),
        offline("XLU", "sector", "Utilities", ["NEE", "SO", "CEG", "DUK", "VST"]),
        offline("XLB", "sector", "Materials", ["LIN", "SHW", "ECL", "APD", "NEM"]),
        offline("XLRE", "sector", "Real Estate", ["PLD", "AMT", "WELL", "EQIX", "DLR"]),
        offline("XLC", "sector", "Communication Services", ["META", "GOOGL", "NFLX", "TMUS", "DIS"]),
        offline("SMH", "theme", "Semiconductors", ["NVDA", "TSM", "AVGO", "AMD", "ASML"]),
        offline("IGV", "theme", "Software", ["MSFT", "ORCL", "CRM", "PLTR", "INTU"]),
        offline("IBB", "theme", "Biotechnology", ["GILD", "VRTX", "AMGN", "REGN", "ALNY"]),
        offline("ITA", "theme", "Aerospace & Defense", ["GE", "RTX", "BA", "HWM", "LMT"]),
        offline("TAN", "theme", "Solar", ["FSLR", "ENPH", "NXT", "RUN", "SEDG"]),
        offline("URA", "theme", "Uranium & Nuclear", ["CCJ", "NXE", "UEC"]),
        offline("ARKK", "theme", "Disruptive Innovation", ["TSLA", "COIN", "ROKU", "RBLX", "HOOD"]),
        offline("GLD", "theme", "Gold", []),
      ],
      method: MOMENTUM_METHOD,
    },
  },
  errors: ["UNKNOWN_TICKER", "NO_DATA", "UPSTREAM_UNAVAILABLE"],
};
