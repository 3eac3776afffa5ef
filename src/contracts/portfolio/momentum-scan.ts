import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import { intParam, symbolListParam } from "../params.js";
import { MOMENTUM_METHOD, momentumRowFields } from "./momentum-row.js";
import exampleJson from "./momentum-scan.example.json" with { type: "json" };

const params = z.object({
  universe: symbolListParam({
    min: 1,
    max: 100,
    description: "Optional comma-separated symbols to rank, 1 to 100; default the configured universe (see universe_source)",
    example: "AAPL,MSFT,NVDA,BTC,ZZZZQ",
  }).optional(),
  top_n: intParam({ min: 1, max: 50, default: 10, description: "How many of the strongest names to return, 1 to 50" }),
});
export type MomentumScanParams = z.infer<typeof params>;

export const MomentumRowSchema = z.object(momentumRowFields).openapi("MomentumRow");

const response = z
  .object({
    universe_source: z.string().openapi({ description: "What the ranked universe is" }),
    universe_size: z.number().int().openapi({ description: "Names scanned" }),
    ranked_count: z.number().int().openapi({ description: "Names that have a composite score (results holds the first top_n of them)" }),
    top_n: z.number().int(),
    results: z.array(MomentumRowSchema).openapi({ description: "The top_n strongest names, rank 1 first" }),
    not_ranked: z.array(MomentumRowSchema).openapi({ description: "Every name without a score, with its status and error" }),
    method: z.string(),
  })
  .openapi("MomentumScan");

export const momentumScanContract: OperationContract<typeof params, typeof response> = {
  operationId: "api_momentum_scan",
  description:
    "Ranks every name of a universe by price momentum, strongest first, and returns the top_n with their measures. The default " +
    "universe is set by the deployment: live, a static list of 40 large, liquid US stocks and 5 major crypto assets; on the offline " +
    "dataset (MARKET_DATA_DIR), every price file of that folder (yield indices such as ^TNX, which quote a rate rather than a price, " +
    "are left out). Each name is measured as of its own latest bar (as_of), so names whose data ends on different days are each as " +
    "fresh as their data. A name that cannot be loaded or lacks a year of history stays in the 200 response under not_ranked with a " +
    `status and error. When every name fails, the answer is the error they share (404 UNKNOWN_TICKER / NO_DATA, 503 UPSTREAM_UNAVAILABLE with Retry-After) and nothing is charged. ${MOMENTUM_METHOD}`,
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["UNKNOWN_TICKER", "NO_DATA", "UPSTREAM_UNAVAILABLE"],
};
