import { z } from "zod";
import { AppError } from "../../../domain/app-error.js";
import type { Bar, Timeframe } from "../../../domain/bar.js";

/** The only fields of yahoo-finance2's `chart(..., {return:"array"})` result that we map. */
const ChartArraySchema = z.object({
  meta: z.object({ exchangeTimezoneName: z.string().min(1) }),
  quotes: z.array(
    z.object({
      date: z.date(),
      open: z.number().nullable(),
      high: z.number().nullable(),
      low: z.number().nullable(),
      close: z.number().nullable(),
      volume: z.number().nullable().optional(),
    }),
  ),
});

/** `YYYY-MM-DD` of an instant in an IANA time zone, as midnight UTC epoch ms. */
function localMidnightUtcMs(formatter: Intl.DateTimeFormat, date: Date): number {
  const parts = formatter.formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return Date.UTC(Number(get("year")), Number(get("month")) - 1, Number(get("day")));
}

function dateFormatter(timeZone: string, subject: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  } catch (error) {
    throw new AppError("UPSTREAM_SCHEMA_CHANGED", `Yahoo Finance gave ${subject} an unknown time zone "${timeZone}"`, { cause: error });
  }
}

/**
 * Maps a chart result to domain bars in [fromMs, toMs), ascending, one bar per timestamp.
 *
 * Daily bars: Yahoo stamps them at the session open (13:30Z/14:30Z for NYSE, 00:00Z for crypto), so
 * the trading date is taken in `meta.exchangeTimezoneName` and tsMs is midnight UTC of that date.
 * Rows without a full OHLC (Yahoo's null rows inside sessions) are dropped rather than invented.
 * When two rows land on one date (Yahoo appends a live row during the session) the later one wins.
 * Prices are Yahoo's chart OHLC: split-adjusted, not dividend-adjusted.
 */
export function chartToBars(raw: unknown, timeframe: Timeframe, fromMs: number, toMs: number, subject: string): Bar[] {
  const parsed = ChartArraySchema.safeParse(raw);
  if (!parsed.success) {
    throw new AppError("UPSTREAM_SCHEMA_CHANGED", `Yahoo Finance chart for ${subject} lacks fields we map: ${parsed.error.issues[0]?.message ?? "?"}`);
  }
  const { meta, quotes } = parsed.data;
  const formatter = timeframe === "1d" ? dateFormatter(meta.exchangeTimezoneName, subject) : undefined;
  const byTs = new Map<number, Bar>();
  for (const q of quotes) {
    const { open, high, low, close } = q;
    if (open === null || high === null || low === null || close === null) continue;
    if (![open, high, low, close].every(Number.isFinite)) continue;
    const tsMs = formatter ? localMidnightUtcMs(formatter, q.date) : q.date.getTime();
    if (!(tsMs >= fromMs && tsMs < toMs)) continue;
    const volume = q.volume === null || q.volume === undefined || !Number.isFinite(q.volume) ? null : q.volume;
    byTs.set(tsMs, { tsMs, open, high, low, close, volume });
  }
  return [...byTs.values()].sort((a, b) => a.tsMs - b.tsMs);
}
