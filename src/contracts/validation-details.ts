import type { ErrorDetail } from "../domain/app-error.js";
import { ownValue } from "../domain/own-value.js";

export interface ValidationIssue {
  path: PropertyKey[];
  message: string;
  code?: string;
  expected?: string;
}

/**
 * A failed parse of `contract.params` as the caller sees it: one detail per bad parameter, naming what was
 * expected and what came ("is required" only when nothing came, never for a wrong-typed optional value), and
 * the one-line summary of the 422 message. Shared by the HTTP edge and the MCP server so both name parameters
 * alike. `raw` is what the caller sent, before parsing.
 */
export function validationDetails(
  issues: readonly ValidationIssue[],
  raw: Record<string, unknown> = {},
): { details: ErrorDetail[]; summary: string } {
  const details: ErrorDetail[] = issues.map((issue) => {
    const param = issue.path.map(String).join(".") || "(parameters)";
    // Issues we raise ourselves (no zod code) are already phrased for the caller.
    if (issue.code === undefined || issue.path.length === 0) return { param, issue: issue.message };
    const given = ownValue(raw, String(issue.path[0]));
    if (given === undefined) return { param, issue: issue.code === "invalid_type" ? "is required" : issue.message };
    return { param, issue: `${expectation(issue)}; got ${describeValue(given)}` };
  });
  return { details, summary: `Invalid parameters: ${details.map((d) => `${d.param} ${d.issue}`).join("; ")}` };
}

/** What came, as the caller wrote it: the JSON spelling (so 123 and "123" differ) cut to a readable length. */
export function describeValue(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** zod's generic "Invalid input: expected string, received number" becomes "must be a string". */
function expectation(issue: ValidationIssue): string {
  if (issue.code === "invalid_type" && issue.message.startsWith("Invalid input") && issue.expected !== undefined) {
    return `must be ${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
  }
  return issue.message;
}
