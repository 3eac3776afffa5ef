/**
 * Calendar-month arithmetic on UTC epoch ms. A month back from 31 March is the last day of February (the
 * day is clamped to the target month's length), which is how look-back periods such as "6 months" and
 * "12-1 momentum" are read everywhere in the portfolio and momentum analytics.
 */
export function shiftMonthsUtc(ms: number, months: number): number {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth() + months;
  const targetYear = year + Math.floor(month / 12);
  const targetMonth = ((month % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return Date.UTC(targetYear, targetMonth, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
}
