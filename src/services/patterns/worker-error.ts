import { AppError, type ErrorCode, type ErrorDetail } from "../../domain/app-error.js";

/** An error as a worker thread posts it back: an AppError keeps its code and details across the thread. */
export interface WorkerError {
  message: string;
  app?: { code: ErrorCode; details?: ErrorDetail[]; retryAfterSeconds?: number; publicHint?: string };
}

export function toWorkerError(error: unknown): WorkerError {
  if (error instanceof AppError) {
    return { message: error.message, app: { code: error.code, details: error.details, retryAfterSeconds: error.retryAfterSeconds, publicHint: error.publicHint } };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** The AppError the task threw (a caller's 422 stays a 422), or a plain Error for anything else (a bug: 500). */
export function fromWorkerError(error: WorkerError): Error {
  if (error.app === undefined) return new Error(error.message);
  const { code, ...options } = error.app;
  return new AppError(code, error.message, options);
}
