import { z } from "@hono/zod-openapi";
import { ANALOG_WEIGHT, REGIME_WEIGHT } from "../../analytics/signal-rules.js";
import { TRADING_SCAN_UNIVERSE } from "../../domain/trading-universe.js";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { intParam } from "../params.js";
import { horizonDaysParam, TradingSignalSchema } from "./trading-signal.js";
import exampleJson from "./trading-scan.example.json" with { type: "json" };

export const SCAN_TOP_N_DEFAULT = 5;
const UNIVERSE_SIZE = TRADING_SCAN_UNIVERSE.symbols.length;

const params = z.object({
  top_n: intParam({ min: 1, max: UNIVERSE_SIZE, default: SCAN_TOP_N_DEFAULT, description: `Setups returned, best first (1 to ${UNIVERSE_SIZE}, default ${SCAN_TOP_N_DEFAULT})` }),
  horizon_days: horizonDaysParam("of every signal, as in /trading/signal"),
});

export type TradingScanParams = z.infer<typeof params>;

const response = z
  .object({
    universe: z.object({
      version: z.string().openapi({ description: "Version of the fixed list; a changed list is a new version" }),
      symbols: z.array(z.string()),
    }),
    horizon_days: z.number().int(),
    top_n: z.number().int(),
    scanned: z.number().int().openapi({ description: "Assets in the universe" }),
    fired: z.number().int().openapi({ description: "Assets that carried a signal (each one logged)" }),
    setups: z
      .array(
        TradingSignalSchema.extend({
          rank: z.number().int().openapi({ description: "1 = best setup" }),
          excess_p_value: z.number().nullable().openapi({ description: "Two-sided p-value of the analogs' mean excess over the asset's baseline at the horizon (as /forward_distribution's)" }),
          excess_p_adjusted: z.number().nullable().openapi({ description: "That p-value adjusted across every asset the scan fired (Holm's step-down): read this one, the scan picked from all of them" }),
        }),
      )
      .openapi({ description: "The first top_n fired signals by rank, each exactly as /trading/signal would answer it" }),
    failures: z
      .array(
        z.object({
          ticker: z.string(),
          status: z.enum(["unknown_ticker", "no_data", "range_unavailable", "upstream_unavailable"]),
          error: z.string(),
        }),
      )
      .openapi({ description: "Assets that could not carry a signal, in universe order" }),
    ranking: z.string().openapi({ description: "The ranking rule" }),
    multiple_testing: z
      .object({
        hypotheses: z.number().int().openapi({ description: "Fired assets whose analog excess has a p-value: the hypotheses the scan looks at together" }),
        level: z.number().openapi({ description: "0.1" }),
        notable: z.number().int().openapi({ description: "Assets with excess p < level, unadjusted" }),
        expected_by_chance: z.number().openapi({ description: "hypotheses * level: how many would be notable with no edge anywhere" }),
        notable_after_adjustment: z.number().int().openapi({ description: "Assets with excess_p_adjusted < level" }),
        reading: z.string(),
      })
      .openapi({ description: "How many of the scan's notable assets chance alone would give: the best of many looks better than any one" }),
  })
  .openapi("TradingScan");

export const SCAN_RANKING =
  "Directional signals (long or short) rank before flat ones; then by |score| (the signal's evidence-weighted score, -1 to 1), " +
  `highest first; then by |${ANALOG_WEIGHT} * analog_score + ${REGIME_WEIGHT} * regime_score| (the lean before the evidence ` +
  "shrink, so signals the shrink made flat still come in a meaningful order); then by ticker.";

export const tradingScanContract: OperationContract<typeof params, typeof response> = {
  operationId: "trading_scan",
  description:
    `Fires /trading/signal for each of the ${UNIVERSE_SIZE} assets of a fixed, versioned universe (${TRADING_SCAN_UNIVERSE.symbols.join(", ")}: ` +
    "the largest US stocks and index ETFs, the most traded crypto assets, and xyz DEX perps on commodities, indices and currencies) " +
    `with the same rules, and returns the top_n setups. ${SCAN_RANKING} Every fired signal, shown or not, is stored in the public ` +
    "log (/trading/signals/history) and scored like a single signal. An asset that cannot carry a signal (unknown to the price source, " +
    "no data, history too short, upstream trouble) is listed under failures inside the 200; when no asset fired, the answer is the " +
    "error they share (404, 422 or 503 with Retry-After) and nothing is charged. Each setup carries its analog excess p-value and the " +
    "same adjusted across every fired asset (Holm), and multiple_testing says how many notable assets chance alone would give. " +
    "The analog searches run on the search worker pool. " +
    "A reference, not advice.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
