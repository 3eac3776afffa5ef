import { createConfig, lintFromString } from "@redocly/openapi-core";

export interface LintProblem {
  severity: "error" | "warn" | "off";
  ruleId: string;
  /** `rule: message at pointer`. */
  line: string;
}

/**
 * What Redocly's recommended rules find in an OpenAPI document, errors and warnings.
 * The configuration is given as its YAML text: as an object literal it is checked against Redocly's whole config
 * type, which cost the type check 3.6 s per call site.
 */
export async function redoclyProblems(openApiText: string): Promise<LintProblem[]> {
  const config = await createConfig("extends:\n  - recommended\n");
  const problems = await lintFromString({ source: openApiText, absoluteRef: "/openapi.json", config });
  return problems.map((p) => ({ severity: p.severity, ruleId: p.ruleId, line: `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}` }));
}

/** The errors Redocly's recommended rules find, as `rule: message at pointer` lines. */
export async function redoclyErrors(openApiText: string): Promise<string[]> {
  return (await redoclyProblems(openApiText)).filter((p) => p.severity === "error").map((p) => p.line);
}
