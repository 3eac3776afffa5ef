import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { symbolListParam } from "../params.js";
import { SignalRecordSchema } from "./signal-record-schema.js";
import { horizonDaysParam } from "./trading-signal.js";
import exampleJson from "./signals-live.example.json" with { type: "json" };

export const LIVE_ASSETS_MAX = 25;

const params = z.object({
  assets: symbolListParam({ min: 1, max: LIVE_ASSETS_MAX, description: `Comma-separated symbols, at most ${LIVE_ASSETS_MAX} (duplicates, in any case, count once)`, example: "AAPL,BTC" }),
  horizon_days: horizonDaysParam("as in /trading/signal"),
});

export type SignalsLiveParams = z.infer<typeof params>;

const response = z
  .object({
    horizon_days: z.number().int(),
    ttl_seconds: z.number().int().openapi({ description: "A signal fired this recently for the same ticker and horizon is reused" }),
    count: z.number().int().openapi({ description: "Assets asked for (after removing duplicates)" }),
    signals: z
      .array(
        z.object({
          asset: z.string().openapi({ description: "As requested" }),
          status: z
            .enum(["fresh", "reused", "unknown_ticker", "no_data", "range_unavailable", "upstream_unavailable"])
            .openapi({ description: "fresh: fired and logged for this call; reused: taken from the log (younger than ttl_seconds); otherwise why the asset failed" }),
          age_seconds: z.number().nullable().openapi({ description: "Seconds since the signal was fired; null when the asset failed" }),
          signal: SignalRecordSchema.nullable().openapi({ description: "The signal as the public log holds it; null when the asset failed" }),
          error: z.string().optional().openapi({ description: "Present when the asset failed" }),
        }),
      )
      .openapi({ description: "In request order" }),
  })
  .openapi("SignalsLive");

export const signalsLiveContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_signals_live",
  description:
    "The latest algorithmic signal for each requested asset, from the same engine and public log as /trading/signal: when the log " +
    "holds a signal of the same ticker and horizon fired within the last ttl_seconds (by /trading/signal, /trading/scan or an earlier " +
    "call here) it is returned as it stands in the log (status reused, with its age); otherwise a new signal is fired, logged and " +
    "returned (status fresh). The signal fields are those of /trading/signals/history (entry, stop, target, direction, conviction, " +
    "expected return, due date, and the outcome once scored); /trading/signal explains the rules. An asset that cannot carry a signal " +
    "stays in the 200 with its status and error; when none can, the answer is the error they share (404, 422 or 503 with " +
    "Retry-After) and nothing is charged. A reference, not advice.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "UPSTREAM_UNAVAILABLE"],
};
