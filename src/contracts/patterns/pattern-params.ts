import { z } from "@hono/zod-openapi";
import { MAX_UNIVERSE_SYMBOLS } from "../../domain/market-universe.js";
import { booleanParam, enumParam, intParam, isoDateParam, tickerParam } from "../params.js";

export const TIMEFRAMES = ["1d", "1h", "30m", "15m"] as const;
export const METRICS = ["l1", "l2"] as const;

const fields = {
  ticker: tickerParam(),
  start_date: isoDateParam("Query window start, inclusive (YYYY-MM-DD)", "2024-10-01"),
  end_date: isoDateParam("Query window end, exclusive (YYYY-MM-DD)", "2024-11-01"),
  k: intParam({ min: 1, max: 50, default: 3, description: "Number of analogs returned (1 to 50)" }),
  metric: enumParam(METRICS, { default: "l2", description: "Distance between z-normalised closes: l2 (Euclidean) or l1 (absolute)" }),
  wrap: booleanParam({
    default: true,
    description:
      "Allow circular search: windows that splice the end of history onto its start are admitted, marked wrapped: true, " +
      "and never enter forward statistics",
  }),
  timeframe: enumParam(TIMEFRAMES, { default: "1d", description: "Bar size; intraday history is the source's lookback (60 days for 15m/30m, 730 days for 1h)" }),
};

const windowOrder = { message: "must be before end_date (end_date is exclusive)", path: ["start_date"] };

/** Parameters of the three pattern routes (core-api §4.1): the query window is [start_date, end_date). */
export const PatternParamsSchema = z.object(fields).refine((p) => p.start_date < p.end_date, windowOrder);

export type PatternParams = z.infer<typeof PatternParamsSchema>;

/** `all`, or comma-separated symbols (duplicates removed), 1 to MAX_UNIVERSE_SYMBOLS. */
const universeParam = z
  .string()
  .transform((v): string[] | "all" =>
    v.trim().toLowerCase() === "all" ? "all" : [...new Set(v.split(",").map((s) => s.trim()).filter((s) => s.length > 0))],
  )
  .refine((u) => u === "all" || u.length >= 1, "must list at least one symbol, or be all")
  .refine((u) => u === "all" || u.length <= MAX_UNIVERSE_SYMBOLS, `must list at most ${MAX_UNIVERSE_SYMBOLS} symbols, or be all`)
  .refine((u) => u === "all" || u.every((s) => s.length <= 32), "each symbol must be at most 32 characters")
  .optional()
  .openapi({
    type: "string",
    example: "MSFT,NVDA,SPY",
    description:
      `Extension (cross-asset analogs): comma-separated symbols (at most ${MAX_UNIVERSE_SYMBOLS}) whose stored daily histories are ` +
      "searched for the query window besides the ticker's own, or `all` for every series the node holds: offline every file of " +
      "its data folder, live the documented market list (about 600 US equities, funds, coins and macro series, versioned) of " +
      "which the node has stored the history. The answer's `universe` names what `all` stood for (`list`: source, version, " +
      "count), what was searched with each series' kind, what is not stored yet (`not_stored`: never fetched by the search) " +
      "and what could not be searched (`skipped`). Daily only (timeframe=1d). A GET of 1,000 long symbols is about 36 KB of " +
      "query string: the server accepts request lines and headers up to 64 KB. Windows of other series " +
      "that are concurrent with the query (they start by its last bar and end less than 30 days before its first bar, or later) " +
      "are never returned: they would share its dates or the move that followed it. Omit it for the standard single-ticker search.",
  });

/** /get_patterns_raw and /get_patterns: the standard parameters plus the optional `universe` extension. */
export const PatternUniverseParamsSchema = z
  .object({ ...fields, universe: universeParam })
  .refine((p) => p.start_date < p.end_date, windowOrder);

export type PatternUniverseParams = z.infer<typeof PatternUniverseParamsSchema>;

export const PatternMatchSchema = z
  .object({
    dates: z.array(z.string()).openapi({ description: "Bar dates of the matched window (YYYY-MM-DD daily, ISO-8601 UTC intraday)" }),
    closes: z.array(z.number()).openapi({ description: "Closes of the matched window" }),
    similarity: z.number().openapi({
      description:
        "Normalised distance, lower = closer, 0 = identical shape. L2: root-mean-square difference of the z-normalised closes " +
        "(0 to 2; equals sqrt(2(1 - correlation))). L1: mean absolute difference of the z-normalised closes.",
    }),
    query_return: z.number().openapi({ description: "Total return of the query window, decimal (the same for every match)" }),
    match_return: z.number().nullable().openapi({ description: "Return inside the matched window, decimal; null for a wrapped window" }),
    wrapped: z.boolean().openapi({ description: "True when the window splices the end of history onto its start" }),
    description: z.string().openapi({ description: "Human-readable label" }),
    ticker: z.string().optional().openapi({ description: "Extension: the series the match lies in; present only when `universe` was given" }),
  })
  .openapi("PatternMatch");

export const UniverseReportSchema = z
  .object({
    list: z
      .object({
        source: z.enum(["folder", "list"]).openapi({ description: "folder: every file of the offline data folder; list: the documented market list (live)" }),
        version: z.string().openapi({ description: "Version of what `all` stood for: the list's date, or a digest of the folder's file names" }),
        count: z.number().int().openapi({ description: "How many symbols `all` stood for" }),
      })
      .optional()
      .openapi({ description: "Present for universe=all: what `all` stood for on this node" }),
    concurrency_horizon_days: z.number().int().openapi({
      description:
        "Windows of other series starting by the query's last bar and ending within this many days before its first bar (or later) " +
        "are concurrent with the query and were excluded from the search, so none of them is a match or enters a forward figure",
    }),
    searched: z.array(z.string()).openapi({ description: "Tickers whose histories were searched, the query's own first; one entry per source symbol" }),
    kinds: z.array(z.enum(["price", "rate", "volatility"])).openapi({
      description:
        "kinds[i] is what searched[i]'s moves are: price (returns of something traded), rate (a yield in percent: moves are " +
        "point changes) or volatility (an implied-volatility index); forward figures never pool outcomes of different kinds",
    }),
    not_stored: z.array(z.string()).openapi({
      description: "Listed symbols whose history this node has not stored yet: not searched, and never fetched by a universe search",
    }),
    skipped: z
      .array(
        z.object({
          ticker: z.string(),
          code: z.string().openapi({ description: "Error code, e.g. UNKNOWN_TICKER, NO_DATA, RANGE_UNAVAILABLE, UPSTREAM_UNAVAILABLE" }),
          error: z.string(),
        }),
      )
      .openapi({ description: "Listed tickers that could not be searched; the search went on without them" }),
  })
  .openapi("UniverseReport");
