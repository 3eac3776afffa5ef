import type { CheckId, CheckStatus, ProbeCheck } from "../../domain/probe-report.js";

export const pass = (id: CheckId, evidence: string): ProbeCheck => ({ id, status: "pass", evidence, fix: null });
export const skip = (id: CheckId, evidence: string): ProbeCheck => ({ id, status: "skip", evidence, fix: null });
export const warn = (id: CheckId, evidence: string, fix: string): ProbeCheck => ({ id, status: "warn", evidence, fix });
export const fail = (id: CheckId, evidence: string, fix: string): ProbeCheck => ({ id, status: "fail", evidence, fix });

/** A check from a list of problems: pass with `passEvidence` when there are none, else `status` with them all. */
export function fromProblems(id: CheckId, problems: string[], status: Exclude<CheckStatus, "pass" | "skip">, passEvidence: string, fix: string): ProbeCheck {
  if (problems.length === 0) return pass(id, passEvidence);
  return { id, status, evidence: problems.join("; "), fix };
}

export const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
