import { validationError } from "../domain/app-error.js";

/** The part of the SSRF-safe client that registration needs: URL rules plus DNS now; throws (with a `reason`) for a refused URL. */
export interface CallerUrlChecker {
  checkUrl(url: string): Promise<unknown>;
}

/** Checks a URL a caller supplied; a policy refusal becomes a 422 naming `param`, anything else stays our error. */
export async function checkCallerUrl(checker: CallerUrlChecker, url: string, param: string): Promise<void> {
  try {
    await checker.checkUrl(url);
  } catch (error) {
    const reason = (error as { reason?: unknown }).reason;
    // Only a policy refusal carries a reason; anything else is our fault, not the caller's.
    if (typeof reason !== "string") throw error;
    throw validationError(param, `refused: ${reason}`);
  }
}
