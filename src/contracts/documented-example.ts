import type { z } from "@hono/zod-openapi";

type ExampleParams = Record<string, string | number | boolean>;

/**
 * An operation's worked example, kept as JSON beside its contract (`<name>.example.json`; the recorded ones are
 * written and checked against real runs by scripts/examples.ts), typed as the contract's response: JSON lacks the
 * literal types. It is not parsed here: test/contracts/examples-check.test.ts parses every example with its
 * response schema and requires that nothing be dropped, added or changed, so a parse at run time would give back the
 * same data, and parsing the ~50 examples at module load was ~150 ms of the start before listening (zod compiling
 * each schema's fast path on a shared 2-core machine). One that no longer fits (the schema changed, or a new
 * example's response is still `{}`) is served as it is, so that `npm run examples` can start the service and
 * rewrite it; the test fails until then.
 */
export function documentedExample<R extends z.ZodType>(_response: R, json: { params: ExampleParams; response: unknown }): { params: ExampleParams; response: z.infer<R> } {
  return { params: json.params, response: json.response as z.infer<R> };
}
