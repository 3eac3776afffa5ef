/**
 * lastUpdated as the indexes give it -> ISO 8601: an ISO string, or a number (or numeric string) read as unix
 * seconds below 1e12 and as milliseconds above (agent-economy.md §1c). Anything unparseable is null.
 */
export function listingTimeIso(value: unknown): string | null {
  let ms: number | undefined;
  if (typeof value === "number" && Number.isFinite(value) && value > 0) ms = value < 1e12 ? value * 1000 : value;
  else if (typeof value === "string" && /^\d+(\.\d+)?$/.test(value.trim())) return listingTimeIso(Number(value));
  else if (typeof value === "string") {
    const parsed = Date.parse(value);
    if (Number.isFinite(parsed)) ms = parsed;
  }
  if (ms === undefined) return null;
  const date = new Date(ms);
  return Number.isFinite(date.getTime()) ? date.toISOString() : null;
}
