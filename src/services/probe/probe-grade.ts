import type { Grade, ProbeCheck } from "../../domain/probe-report.js";

/**
 * F: the origin did not answer, or no unpaid request got a 402 at all (nothing to pay). Otherwise by the
 * count of failed checks (D: two or more, C: one), then of warnings (B: any). A: every check passed or was
 * skipped with its reason.
 */
export function gradeOf(checks: readonly ProbeCheck[], got402: boolean): Grade {
  const status = (id: string) => checks.find((c) => c.id === id)?.status;
  if (status("reach") === "fail" || !got402) return "F";
  const fails = checks.filter((c) => c.status === "fail").length;
  if (fails >= 2) return "D";
  if (fails === 1) return "C";
  return checks.some((c) => c.status === "warn") ? "B" : "A";
}
