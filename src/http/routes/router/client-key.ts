import type { HandlerContext } from "../../mount-operation.js";

/** The caller's request-log key; a request outside the HTTP stack (none today) is keyed as `unknown`. */
export async function clientKeyOf(context: HandlerContext): Promise<string> {
  return context.clientKey === undefined ? "unknown" : context.clientKey();
}
