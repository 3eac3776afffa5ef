import { createConfig, lintFromString } from "@redocly/openapi-core";

/**
 * The errors Redocly's recommended rules find in an OpenAPI document, as `rule: message at pointer` lines.
 * The configuration is given as its YAML text: as an object literal it is checked against Redocly's whole config
 * type, which cost the type check 3.6 s per call site.
 */
export async function redoclyErrors(openApiText: string): Promise<string[]> {
  const config = await createConfig("extends:\n  - recommended\n");
  const problems = await lintFromString({ source: openApiText, absoluteRef: "/openapi.json", config });
  return problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`);
}
