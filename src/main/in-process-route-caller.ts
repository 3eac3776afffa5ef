import { randomUUID } from "node:crypto";
import { validationDetails } from "../contracts/validation-details.js";
import { AppError, validationError } from "../domain/app-error.js";
import { ItemizedAnswer, nothingServedError } from "../domain/itemized-answer.js";
import type { RouteModule } from "../http/route-module.js";
import type { RouteCaller } from "../services/analyze/analyze-service.js";

/**
 * /analyze's access to the other operations: one mounted operation's handler, run in process with parameters
 * validated by its own contract, as HTTP would run it (minus payment: /analyze is the paid call). `operations`
 * is read at call time, so every family registered after /analyze is reachable too.
 */
export function inProcessRouteCaller(operations: () => readonly RouteModule[]): RouteCaller {
  return async (operationId, params) => {
    const operation = operations().find((op) => op.route.operationId === operationId);
    if (operation === undefined) {
      throw new AppError("NOT_FOUND", `question: the answer needs ${operationId}, which this deployment does not serve`, {
        details: [{ param: "question", issue: `needs ${operationId}, not served here` }],
      });
    }
    const parsed = operation.contract.params.safeParse(params);
    if (!parsed.success) {
      // The parser built these parameters from the question, so the question is what to fix.
      throw validationError("question", `read as ${operation.route.path} with ${validationDetails(parsed.error.issues, params).summary}`);
    }
    const answer = await operation.handle(parsed.data, { requestId: `analyze-${randomUUID()}` });
    if (!(answer instanceof ItemizedAnswer)) return answer;
    const nothingServed = nothingServedError(answer);
    if (nothingServed !== undefined) throw nothingServed;
    return answer.body;
  };
}
