import type { ErrorDetail } from "../domain/app-error.js";

export interface ValidationIssue {
  path: PropertyKey[];
  message: string;
  code?: string;
  input?: unknown;
}

/**
 * A failed parse of `contract.params` as the caller sees it: one detail per bad parameter, and the one-line
 * summary of the 422 message. Shared by the HTTP edge and the MCP server so both name parameters alike.
 */
export function validationDetails(issues: readonly ValidationIssue[]): { details: ErrorDetail[]; summary: string } {
  const details: ErrorDetail[] = issues.map((issue) => ({
    param: issue.path.map(String).join(".") || "(parameters)",
    issue: issue.code === "invalid_type" && issue.input === undefined ? "is required" : issue.message,
  }));
  return { details, summary: `Invalid parameters: ${details.map((d) => `${d.param} ${d.issue}`).join("; ")}` };
}
