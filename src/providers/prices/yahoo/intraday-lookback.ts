import { AppError } from "../../../domain/app-error.js";
import type { Timeframe } from "../../../domain/bar.js";
import { DAY_MS } from "../../../domain/bar.js";


/** How far back Yahoo serves each intraday interval (data-sources.md §2.1); daily is unlimited. */
export const YAHOO_LOOKBACK_DAYS: Readonly<Partial<Record<Timeframe, number>>> = {
  "15m": 60,
  "30m": 60,
  "1h": 730,
};

/**
 * Throws RANGE_UNAVAILABLE when `fromMs` lies beyond the interval's lookback. Checked before calling
 * Yahoo so we neither spend a request nor depend on the wording of its "Unprocessable Entity" reply.
 */
export function assertWithinYahooLookback(timeframe: Timeframe, fromMs: number, nowMs: number): void {
  const days = YAHOO_LOOKBACK_DAYS[timeframe];
  if (days === undefined) return;
  const earliestMs = nowMs - days * DAY_MS;
  if (fromMs >= earliestMs) return;
  const issue = `${timeframe} bars reach back ${days} days (to ${new Date(earliestMs).toISOString()}); requested start ${new Date(fromMs).toISOString()}`;
  throw new AppError("RANGE_UNAVAILABLE", issue, { details: [{ param: "from", issue }] });
}
