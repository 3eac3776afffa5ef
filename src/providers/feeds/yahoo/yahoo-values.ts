import { z } from "zod";

/**
 * A number as yahoo-finance2 hands it over with validation off: plain, or Yahoo's `{raw, fmt}` pair that some
 * modules keep even with formatted=false; anything else (missing, `{}`, NaN) is null. Dates arrive as epoch
 * seconds (raw HTTP), ISO strings, or Date objects (after the library), so `instantMs` accepts all three.
 */
export const yahooNumber = z
  .unknown()
  .transform((v): number | null => {
    const raw = typeof v === "object" && v !== null && "raw" in v ? (v as { raw: unknown }).raw : v;
    return typeof raw === "number" && Number.isFinite(raw) ? raw : null;
  });

export function instantMs(v: unknown): number | null {
  const raw = typeof v === "object" && v !== null && "raw" in v ? (v as { raw: unknown }).raw : v;
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.getTime();
  if (typeof raw === "number" && Number.isFinite(raw)) return raw < 1e11 ? raw * 1000 : raw;
  if (typeof raw === "string") {
    const ms = Date.parse(raw);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

export const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
