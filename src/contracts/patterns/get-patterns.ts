import { z } from "@hono/zod-openapi";
import { BOOTSTRAP_TEXT, EvidenceSchema, ModeSchema } from "../evidence-schemas.js";
import type { OperationContract } from "../operation-contract.js";
import { EXAMPLE_PARAMS, PatternQueryEchoSchema, UNIVERSE_EXTENSION_TEXT } from "./get-patterns-raw.js";
import { PatternMatchSchema, PatternUniverseParamsSchema, UniverseReportSchema } from "./pattern-params.js";

const SummarySchema = z
  .object({
    "Average 7 day return": z.number().nullable().openapi({
      description: "Mean return from each analog's last close to the last close 7 calendar days later, decimal; null when no analog has that much history after it",
    }),
    "Average 30 day return": z.number().nullable().openapi({ description: "As above over 30 calendar days" }),
    "Pattern Average return": z.number().nullable().openapi({ description: "Mean return inside the analog windows, decimal" }),
    "Matches with 7 day history": z.number().int().openapi({ description: "How many analogs the 7-day average rests on" }),
    "Matches with 30 day history": z.number().int().openapi({ description: "How many analogs the 30-day average rests on" }),
    "Matches in pattern average": z.number().int().openapi({ description: "How many analogs the pattern average rests on (wrapped analogs are excluded)" }),
  })
  .openapi("PatternSummary");

const response = z
  .object({
    matches: z.array(PatternMatchSchema),
    summary: SummarySchema,
    mode: ModeSchema,
    evidence: z.array(EvidenceSchema).openapi({
      description:
        "Beside the summary, one entry per forward horizon (7 and 30 days): the unconditional baseline of the query ticker over its " +
        "whole history and the same horizon, the bootstrap interval of the mean of the independent analog outcomes (their calendar " +
        "spans share no day, across series too), and the excess over the baseline with its interval and t statistic",
    }),
    query: PatternQueryEchoSchema,
    universe: UniverseReportSchema.optional().openapi({ description: "Extension: present only when `universe` was given" }),
  })
  .openapi("Patterns");

export const getPatternsContract: OperationContract<typeof PatternUniverseParamsSchema, typeof response> = {
  operationId: "get_patterns",
  description:
    "As /get_patterns_raw, plus what followed the analogs: the average return over the 7 and 30 calendar days after each analog and the " +
    "average return inside the analogs, each with the number of analogs it rests on. Only real history after each analog counts; " +
    "wrapped analogs never enter these figures." +
    UNIVERSE_EXTENSION_TEXT +
    " With `universe`, each analog's forward and in-window returns come from its own series. The summary keys are the spec's; " +
    "`evidence` beside them says whether the averages differ from what the ticker does anyway (mode full_history: analogs come " +
    "from the whole history). " +
    BOOTSTRAP_TEXT,
  params: PatternUniverseParamsSchema,
  response,
  example: {
    params: EXAMPLE_PARAMS,
    // Recorded from a real run on the shared dataset (test/contracts checks it against a real answer).
    response: response.parse({
        "matches": [
          {
            "dates": [
              "2001-07-12",
              "2001-07-13",
              "2001-07-16",
              "2001-07-17",
              "2001-07-18"
            ],
            "closes": [
              0.366943,
              0.374324,
              0.360918,
              0.37809,
              0.313167
            ],
            "similarity": 0.060016659165429906,
            "query_return": -0.01998149144147454,
            "match_return": -0.14655137173893507,
            "wrapped": false,
            "description": "2001-07-12 to 2001-07-18: 5 bars, -14.66% inside the window, similarity 0.060"
          }
        ],
        "summary": {
          "Average 7 day return": -0.1115954107552839,
          "Average 30 day return": -0.1308311539849344,
          "Pattern Average return": -0.14655137173893507,
          "Matches with 7 day history": 1,
          "Matches with 30 day history": 1,
          "Matches in pattern average": 1
        },
        "mode": "full_history",
        "evidence": [
          {
            "horizon_days": 7,
            "baseline": {
              "horizon_days": 7,
              "n": 11084,
              "mean": 0.005265512305187466,
              "std": 0.06069057762388563,
              "hit_rate": 0.5354565138939011,
              "p50": 0.004827011158302752,
              "first_date": "1980-12-12",
              "last_date": "2024-11-29"
            },
            "mean_ci": {
              "n_independent": 1,
              "mean": -0.1115954107552839,
              "low": null,
              "high": null,
              "level": 0.9,
              "resamples": 2000,
              "seed": 1
            },
            "excess_over_baseline": {
              "mean": -0.11686092306047137,
              "low": null,
              "high": null,
              "t_stat": null
            }
          },
          {
            "horizon_days": 30,
            "baseline": {
              "horizon_days": 30,
              "n": 11066,
              "mean": 0.02281081616436622,
              "std": 0.1277834414655456,
              "hit_rate": 0.572745346105187,
              "p50": 0.020654909119382947,
              "first_date": "1980-12-12",
              "last_date": "2024-11-06"
            },
            "mean_ci": {
              "n_independent": 1,
              "mean": -0.1308311539849344,
              "low": null,
              "high": null,
              "level": 0.9,
              "resamples": 2000,
              "seed": 1
            },
            "excess_over_baseline": {
              "mean": -0.15364197014930062,
              "low": null,
              "high": null,
              "t_stat": null
            }
          }
        ],
        "query": {
          "ticker": "AAPL",
          "start_date": "2024-10-01",
          "end_date": "2024-10-08",
          "timeframe": "1d",
          "metric": "l2",
          "bars": 5,
          "history_bars": 11089,
          "cached": false
        }
      }),
  },
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
