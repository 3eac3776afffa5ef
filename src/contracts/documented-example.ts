import type { z } from "@hono/zod-openapi";

type ExampleParams = Record<string, string | number | boolean>;

/**
 * An operation's worked example, kept as JSON beside its contract (`<name>.example.json`; the recorded ones are
 * written and checked against real runs by scripts/examples.ts). The response goes through the contract's response
 * schema, which gives JSON back the literal types it lacks. One that no longer fits (the schema changed, or a new
 * example's response is still `{}`) is kept as it is rather than stopping the service from loading, so that
 * `npm run examples` can start the service and rewrite it; test/contracts/examples-check.test.ts fails until then.
 */
export function documentedExample<R extends z.ZodType>(response: R, json: { params: ExampleParams; response: unknown }): { params: ExampleParams; response: z.infer<R> } {
  const parsed = response.safeParse(json.response);
  return { params: json.params, response: parsed.success ? parsed.data : (json.response as z.infer<R>) };
}
