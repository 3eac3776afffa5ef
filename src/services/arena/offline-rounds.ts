import { AppError } from "../../domain/app-error.js";
import { OFFLINE_SETTLEMENT_PREFIX, type StoredBarRef } from "../../domain/arena.js";
import { AGENT_KEY_RE, outcomeOf } from "../../domain/arena-rules.js";
import { DAY_MS, type Bar } from "../../domain/bar.js";
import type { ArenaEntries } from "../../storage/repos/arena-entries.js";
import type { ArenaRounds } from "../../storage/repos/arena-rounds.js";
import { newRoundId } from "./round-opener.js";

/** The stored daily history as the replay reads it (main wires the service's bar store over MARKET_DATA_DIR). */
export interface StoredDailyHistory {
  /**
   * The stored daily bars of an arena coin with fromMs <= tsMs < toMs, ascending, and where they are stored.
   * Throws AppError (UNKNOWN_TICKER, NO_DATA) when the history holds nothing for the coin.
   */
  dailyBars(coin: string, fromMs: number, toMs: number): Promise<{ store: string; symbol: string; file: string; bars: Bar[] }>;
}

export interface CoinReplay {
  coin: string;
  file: string;
  opened: number;
  yes: number;
  /** Days whose round was already there (an earlier replay, or a Hyperliquid round with that deadline). */
  existing: number;
  /** Days not yet closed at the time of the replay: never opened. */
  notClosed: number;
}

export interface ReplayReport {
  coins: CoinReplay[];
  skipped: { coin: string; reason: string }[];
}

/** One forecast of the entries file: an agent's p that `coin` closes its stored day `date` above its open. */
export interface ReplayEntry {
  agent: string;
  coin: string;
  date: string;
  p: number;
}

export interface EntryReport {
  entered: number;
  refused: { index: number; entry: ReplayEntry; reason: string }[];
}

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Offline rounds: the arena replayed from the stored daily price history, without Hyperliquid. Each stored daily
 * bar of a coin in the range becomes one round, opened at the start of its day with strike = the bar's open and
 * settled at once with the bar's close (YES iff close > open), written settled in one INSERT with the bar as its
 * record (source `offline`). Entries come from a file of forecasts, written after the fact and marked so by their
 * entry time; they are only ever accepted into offline rounds.
 */
export class OfflineRounds {
  constructor(
    private readonly history: StoredDailyHistory,
    private readonly rounds: ArenaRounds,
    private readonly entries: ArenaEntries,
  ) {}

  /** Opens and settles the rounds of every stored day from `fromDate` to `toDate` (inclusive) whose day closed by nowMs. */
  async replay(input: { coins: readonly string[]; fromDate: string; toDate: string; nowMs: number }): Promise<ReplayReport> {
    const fromMs = Date.parse(`${input.fromDate}T00:00:00Z`);
    const toMs = Date.parse(`${input.toDate}T00:00:00Z`) + DAY_MS;
    const report: ReplayReport = { coins: [], skipped: [] };
    for (const coin of input.coins) {
      let history: Awaited<ReturnType<StoredDailyHistory["dailyBars"]>>;
      try {
        history = await this.history.dailyBars(coin, fromMs, toMs);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        report.skipped.push({ coin, reason: error.message });
        continue;
      }
      const done: CoinReplay = { coin, file: history.file, opened: 0, yes: 0, existing: 0, notClosed: 0 };
      for (const bar of history.bars) {
        const deadlineMs = bar.tsMs + DAY_MS;
        if (deadlineMs > input.nowMs) {
          done.notClosed += 1;
          continue;
        }
        const storedBar: StoredBarRef = {
          store: history.store,
          symbol: history.symbol,
          file: history.file,
          timeframe: "1d",
          date: dateOf(bar.tsMs),
          open: bar.open,
          high: bar.high,
          low: bar.low,
          close: bar.close,
          volume: bar.volume,
        };
        const outcome = outcomeOf(bar.close, bar.open);
        const candleJson = JSON.stringify({ date: storedBar.date, open: bar.open, high: bar.high, low: bar.low, close: bar.close, volume: bar.volume });
        const opened = await this.rounds.openSettled(
          { roundId: newRoundId(), coin, strike: bar.open, openedAtMs: bar.tsMs, lockAtMs: bar.tsMs, deadlineMs, storedBar },
          {
            outcome,
            close: String(bar.close),
            requestUrl: `${OFFLINE_SETTLEMENT_PREFIX}${history.file}`,
            requestBody: JSON.stringify({ store: history.store, symbol: history.symbol, timeframe: "1d", date: storedBar.date }),
            candleJson,
            responseBody: candleJson,
            settledAtMs: input.nowMs,
          },
        );
        if (opened) {
          done.opened += 1;
          done.yes += outcome;
        } else done.existing += 1;
      }
      report.coins.push(done);
    }
    return report;
  }

  /**
   * Enters forecasts into offline rounds, for `wallet` (which may then read the agents' diagnosis). Each is checked
   * like a paid entry (agent key, p, one entry per agent per round, the key's wallet) and refused with the reason
   * otherwise; a forecast for a Hyperliquid round is always refused: live rounds take entries only through
   * /api/arena/predict, before they lock.
   */
  async enter(forecasts: readonly ReplayEntry[], wallet: string, nowMs: number, requestId: string): Promise<EntryReport> {
    const report: EntryReport = { entered: 0, refused: [] };
    for (const [index, entry] of forecasts.entries()) {
      const refuse = (reason: string) => report.refused.push({ index, entry, reason });
      if (!AGENT_KEY_RE.test(entry.agent)) {
        refuse("the agent key must be 1 to 64 of A-Z a-z 0-9 . _ : - (starting with a letter or digit)");
        continue;
      }
      if (!(entry.p >= 0 && entry.p <= 1)) {
        refuse("p must be a number from 0 to 1");
        continue;
      }
      if (!DATE_RE.test(entry.date) || Number.isNaN(Date.parse(`${entry.date}T00:00:00Z`))) {
        refuse("date must be YYYY-MM-DD");
        continue;
      }
      const round = await this.rounds.atDeadline(entry.coin, Date.parse(`${entry.date}T00:00:00Z`) + DAY_MS);
      if (round === undefined) {
        refuse(`no round of ${entry.coin} for ${entry.date}: replay that day first`);
        continue;
      }
      if (round.source !== "offline") {
        refuse(`the round of ${entry.coin} ending ${new Date(round.deadlineMs).toISOString()} is a Hyperliquid round: live rounds take entries only through /api/arena/predict`);
        continue;
      }
      const result = await this.entries.enter({ roundId: round.roundId, agent: entry.agent, p: entry.p, payer: wallet, enteredAtMs: nowMs, requestId });
      if (result.kind === "entered") report.entered += 1;
      else if (result.kind === "duplicate") refuse(`${entry.agent} already entered round ${round.roundId}`);
      else refuse(`agent key ${entry.agent} is bound to another wallet`);
    }
    return report;
  }
}
