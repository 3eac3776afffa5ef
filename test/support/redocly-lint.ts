import * as redocly from "@redocly/openapi-core";

export interface LintProblem {
  severity: "error" | "warn" | "off";
  ruleId: string;
  /** `rule: message at pointer`. */
  line: string;
}

/**
 * `createConfig` as this file calls it: from YAML text. Its declared parameter, `string | RawUniversalConfig`,
 * derives Redocly's whole configuration type from JSON schemas, and merely resolving the call against it cost the
 * type check about 5 s of CPU; seen through this signature, the schema type is never built.
 */
interface ConfigFromYaml {
  createConfig(yaml: string): Promise<redocly.Config>;
}
const { createConfig } = redocly as unknown as ConfigFromYaml;

/** What Redocly's recommended rules find in an OpenAPI document, errors and warnings. */
export async function redoclyProblems(openApiText: string): Promise<LintProblem[]> {
  const config = await createConfig("extends:\n  - recommended\n");
  const problems = await redocly.lintFromString({ source: openApiText, absoluteRef: "/openapi.json", config });
  return problems.map((p) => ({ severity: p.severity, ruleId: p.ruleId, line: `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}` }));
}

/** The errors Redocly's recommended rules find, as `rule: message at pointer` lines. */
export async function redoclyErrors(openApiText: string): Promise<string[]> {
  return (await redoclyProblems(openApiText)).filter((p) => p.severity === "error").map((p) => p.line);
}
