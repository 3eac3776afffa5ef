import fs from "node:fs";
import path from "node:path";

/**
 * An independent walk-forward replay of the trading signal, for checking mode=backtest: each signal is what
 * the real /trading/signal route answers with the clock set to the first instant of its as-of date (so it
 * can read nothing later), and it is scored here, bar by bar, straight from the CSV file.
 */

const DAY_MS = 86_400_000;

export interface CsvBar {
  date: string;
  ms: number;
  open: number;
  high: number;
  low: number;
  close: number;
}

export function readCsvBars(dir: string, ticker: string): CsvBar[] {
  const [, ...rows] = fs.readFileSync(path.join(dir, `${ticker}.csv`), "utf8").trim().split("\n");
  return rows.map((row) => {
    const [date, open, high, low, close] = row.split(",");
    return { date, ms: Date.parse(`${date}T00:00:00Z`), open: Number(open), high: Number(high), low: Number(low), close: Number(close) };
  });
}

export interface NaiveSignal {
  direction: "long" | "short" | "flat";
  entry: number;
  stop: number | null;
  target: number | null;
}

export interface NaiveReplayRow extends NaiveSignal {
  asOfDate: string;
  exit: "stop" | "target" | "horizon" | null;
  exitDate: string | null;
  exitPrice: number | null;
  signalReturn: number | null;
}

/** The last bar at or before asOf + horizon, after asOf; null unless a later-or-equal bar shows the history reaches it. */
function horizonClose(bars: CsvBar[], asOf: number, horizonDays: number): number | null {
  const moment = bars[asOf].ms + horizonDays * DAY_MS;
  if (!bars.some((b) => b.ms >= moment)) return null;
  let last: number | null = null;
  for (let i = asOf + 1; i < bars.length && bars[i].ms <= moment; i++) last = i;
  return last !== null && moment - bars[last].ms <= 4 * DAY_MS ? last : null;
}

/**
 * Signals from `firstAsOf` on, each at the first bar after the previous one's horizon close; fire(date) asks
 * the real route for the signal as of that date.
 */
export async function naiveReplay(
  bars: CsvBar[],
  firstAsOf: number,
  horizonDays: number,
  fire: (asOfDate: string) => Promise<NaiveSignal>,
): Promise<NaiveReplayRow[]> {
  const rows: NaiveReplayRow[] = [];
  for (let t = firstAsOf; t < bars.length; ) {
    const signal = await fire(bars[t].date);
    const h = horizonClose(bars, t, horizonDays);
    if (h === null) {
      rows.push({ ...signal, asOfDate: bars[t].date, exit: null, exitDate: null, exitPrice: null, signalReturn: null });
      // Beyond the history: over. A horizon in a gap: unscorable, and the replay goes on at the next bar.
      if (!bars.some((b) => b.ms >= bars[t].ms + horizonDays * DAY_MS)) break;
      t += 1;
      continue;
    }
    const side = signal.direction === "long" ? 1 : signal.direction === "short" ? -1 : 0;
    let exit: NaiveReplayRow["exit"] = "horizon";
    let exitIndex = h;
    let exitPrice = bars[h].close;
    for (let i = t + 1; side !== 0 && i <= h; i++) {
      const b = bars[i];
      const stopHit = signal.stop !== null && (side === 1 ? b.low <= signal.stop : b.high >= signal.stop);
      const targetHit = signal.target !== null && (side === 1 ? b.high >= signal.target : b.low <= signal.target);
      if (stopHit) {
        const gapped = side === 1 ? b.open <= signal.stop! : b.open >= signal.stop!;
        [exit, exitIndex, exitPrice] = ["stop", i, gapped ? b.open : signal.stop!];
        break;
      }
      if (targetHit) {
        const gapped = side === 1 ? b.open >= signal.target! : b.open <= signal.target!;
        [exit, exitIndex, exitPrice] = ["target", i, gapped ? b.open : signal.target!];
        break;
      }
    }
    rows.push({ ...signal, asOfDate: bars[t].date, exit, exitDate: bars[exitIndex].date, exitPrice, signalReturn: side * (exitPrice / signal.entry - 1) });
    t = h + 1;
  }
  return rows;
}
