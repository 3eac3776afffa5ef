import { AppError } from "./app-error.js";

/**
 * "Charge only for something served", for answers that are a list and came out with nothing in it: a report
 * with no publishable row, a leaderboard with no entry, a log with no record. The caller gets 404 `NO_DATA`
 * saying what was empty and why, and an error status is never settled by the payment gate.
 */
export function emptyAnswerError(what: string, why: string): AppError {
  return new AppError("NO_DATA", `${what}: ${why}. Nothing was charged.`);
}
