/**
 * The most recent regular US close (16:00 in New York, Monday to Friday) at or before `nowMs`. Exchange
 * holidays are not known here: on one, the "close" is a day with no new bar, and a refresh then finds an
 * unchanged tail (one wasted request per symbol, never a wrong bar).
 */
export function lastUsCloseMs(nowMs: number): number {
  const day = 86_400_000;
  for (let back = 0; back < 8; back++) {
    const date = new Date(nowMs - back * day);
    const close = newYorkWallTimeMs(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), 16);
    const weekday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && close <= nowMs) return close;
  }
  throw new Error("unreachable: a weekday close lies within any 8 days");
}

const NEW_YORK = new Intl.DateTimeFormat("en-US", { timeZone: "America/New_York", hourCycle: "h23", hour: "numeric", minute: "numeric" });

/** Epoch ms of hour:00 New York time on that calendar day (EST or EDT, whichever is in force then). */
function newYorkWallTimeMs(year: number, month: number, day: number, hour: number): number {
  // New York is 4 or 5 hours behind UTC: try both offsets, keep the one that reads back as the wanted hour.
  for (const offsetHours of [4, 5]) {
    const candidate = Date.UTC(year, month, day, hour + offsetHours);
    const parts = NEW_YORK.formatToParts(new Date(candidate));
    const readHour = Number(parts.find((part) => part.type === "hour")?.value);
    if (readHour === hour) return candidate;
  }
  return Date.UTC(year, month, day, hour + 5);
}
