import { AppError } from "../../../domain/app-error.js";

/**
 * Translates what yahoo-finance2 throws into our taxonomy. The library mostly throws plain `Error`s
 * whose message is Yahoo's `error.description`, so matching is by name first and message second.
 * Anything unrecognised is returned unchanged: it is a bug (or a test double's loud failure) and must
 * reach the edge as one, not be disguised as upstream trouble.
 */
export function mapYahooError(error: unknown, subject: string): unknown {
  if (error instanceof AppError) return error; // our HTTP client already decided (timeouts, 429, 5xx)
  if (!(error instanceof Error)) return error;
  const message = error.message;
  const cause = { cause: error };

  if (error.name === "FailedYahooValidationError") {
    return new AppError("UPSTREAM_SCHEMA_CHANGED", `Yahoo Finance answer for ${subject} no longer matches the expected schema`, cause);
  }
  if (/No data found|symbol may be delisted/i.test(message)) {
    return new AppError("UNKNOWN_TICKER", `Unknown ticker "${subject}": Yahoo Finance has no data for it (unknown or delisted)`, {
      ...cause,
      details: [{ param: "ticker", issue: "unknown or delisted at the source" }],
    });
  }
  if (/must be within the last|data not available for startTime/i.test(message)) {
    return new AppError("RANGE_UNAVAILABLE", `Yahoo Finance cannot serve that range for ${subject}: ${message}`, cause);
  }
  if (/where we expect JSON|not parsable/i.test(message)) {
    // Typically an HTML error or consent page with status 200.
    return new AppError("UPSTREAM_UNAVAILABLE", `Yahoo Finance answered ${subject} with a non-JSON body`, { ...cause, retryAfterSeconds: 60 });
  }
  if (error.name === "HTTPError" || /crumb|cookie|consent/i.test(message)) {
    return new AppError("UPSTREAM_UNAVAILABLE", `Yahoo Finance refused the request for ${subject}: ${message.slice(0, 200)}`, { ...cause, retryAfterSeconds: 60 });
  }
  if (error instanceof TypeError || /^Unexpected result|No timestamp with|Timestamp count mismatch/.test(message)) {
    // The library dereferences the body before validating it; a TypeError there means the shape moved.
    return new AppError("UPSTREAM_SCHEMA_CHANGED", `Yahoo Finance answer for ${subject} has an unexpected shape: ${message.slice(0, 200)}`, cause);
  }
  return error;
}
