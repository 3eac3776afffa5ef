import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { intParam } from "../params.js";
import { SignalRecordSchema, signalLogFilters } from "./signal-record-schema.js";
import exampleJson from "./signals-history.example.json" with { type: "json" };

export const HISTORY_LIMIT_DEFAULT = 50;
export const HISTORY_LIMIT_MAX = 200;

const params = z.object({
  ...signalLogFilters,
  limit: intParam({ min: 1, max: HISTORY_LIMIT_MAX, default: HISTORY_LIMIT_DEFAULT, description: `Signals per page (1 to ${HISTORY_LIMIT_MAX}, default ${HISTORY_LIMIT_DEFAULT})` }),
  cursor: z.string().max(200).optional().openapi({ description: "next_cursor of the previous page; absent for the first (newest) page" }),
});

export type SignalsHistoryParams = z.infer<typeof params>;

const response = z
  .object({
    ticker: z.string().nullable(),
    since: z.string().nullable(),
    count: z.number().int().openapi({ description: "Signals on this page" }),
    signals: z.array(SignalRecordSchema).openapi({ description: "Newest first (fired_at, then id)" }),
    next_cursor: z.string().nullable().openapi({ description: "Pass as cursor for the next (older) page; null on the last page" }),
  })
  .openapi("TradingSignalsHistory");

export const signalsHistoryContract: OperationContract<typeof params, typeof response> = {
  operationId: "trading_signals_history",
  description:
    "The public log of every signal /trading/signal has fired, newest first: each stored at the moment it was fired (id, time, ticker, " +
    "as-of date, direction, conviction, entry, stop, target, horizon) and never rewritten, except that the scoring job adds its outcome " +
    "once the horizon has passed and the bars exist (status pending -> scored: the return at the exit, and whether the stop or the " +
    "target was hit first). Pages with limit and cursor; filters ticker and since (fired on or after). A selection with no signal serves nothing: " +
    "404 UNKNOWN_TICKER for a ticker the price source does not know (as on every route), else 404 NO_DATA; neither is charged.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA"],
};
