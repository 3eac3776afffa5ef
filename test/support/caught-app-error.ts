import { AppError } from "../../src/domain/app-error.js";

/** The AppError a promise rejects with; anything else (or no rejection) fails the test. */
export async function appError(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}
