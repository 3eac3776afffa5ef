/**
 * Parses an HTTP `Retry-After` value (RFC 9110 §10.2.3): either delay-seconds or an HTTP-date.
 * Returns whole seconds from `nowMs` (never negative), or undefined when absent or unparseable, so the
 * caller falls back to its own backoff instead of trusting garbage.
 */
export function parseRetryAfterSeconds(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === "") return undefined;
  if (/^\d+$/.test(text)) return Number(text);
  // Only accept something that looks like a date: Date.parse alone would take "12.5" as a year.
  if (!/[a-z]/i.test(text)) return undefined;
  const dateMs = Date.parse(text);
  if (Number.isNaN(dateMs)) return undefined;
  return Math.max(0, Math.ceil((dateMs - nowMs) / 1000));
}
