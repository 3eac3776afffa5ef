/**
 * Nasdaq's calendar values are display strings: "$1,234", "($0.12)" (negative), "N/A" or "" (none),
 * "5/08/2023" (US month/day/year). These turn them into numbers and ISO dates, or null; never a guess.
 */
const NONE = new Set(["", "n/a", "na", "--", "-"]);

export function parseMoney(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const t = text.trim();
  if (NONE.has(t.toLowerCase())) return null;
  const negative = /^\(.*\)$/.test(t) || t.startsWith("-");
  const digits = t.replace(/[()$,\s%+-]/g, "");
  if (!/^\d+(\.\d+)?$/.test(digits)) return null;
  const value = Number(digits);
  return negative ? -value : value;
}

export function parseCount(text: string | null | undefined): number | null {
  const value = parseMoney(text);
  return value !== null && Number.isInteger(value) ? value : null;
}

export function parseUsDate(text: string | null | undefined): string | null {
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec((text ?? "").trim());
  if (!m) return null;
  const iso = `${m[3]}-${m[1]!.padStart(2, "0")}-${m[2]!.padStart(2, "0")}`;
  return Number.isNaN(Date.parse(`${iso}T00:00:00Z`)) ? null : iso;
}
