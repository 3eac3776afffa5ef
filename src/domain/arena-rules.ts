/**
 * The arena's rules in one place: the documentation (contracts, README) quotes these numbers.
 *
 * Schedule: every coin always has one open round. Deadlines fall on full UTC hours; a round locks
 * LOCK_LEAD_MS before its deadline (the minimum lead time: nobody enters once the answer is nearly known).
 * When a coin's round locks, the next opening job (every minute) opens the round for the next hour, so a
 * round is open for about an hour. A round is never opened with less than MIN_OPEN_MS left before its lock.
 */

/** The coins rounds are opened for, when Hyperliquid lists them (checked with `meta` at every opening). */
export const ARENA_COINS: readonly string[] = ["BTC", "ETH", "SOL", "HYPE", "xyz:GOLD", "xyz:XYZ100"];

export const MINUTE_MS = 60_000;
export const DEADLINE_EVERY_MS = 3_600_000;
export const LOCK_LEAD_MS = 15 * MINUTE_MS;
export const MIN_OPEN_MS = 10 * MINUTE_MS;
/** The deadline candle is final once its minute has closed; we ask this long after, so it is. */
export const SETTLE_GRACE_MS = 10_000;
/** No candle for the deadline minute this long after it closed: void (the market did not trade or halted). */
export const NO_CANDLE_VOID_AFTER_MS = 5 * MINUTE_MS;
/** Hyperliquid unreachable (or answering in a shape we cannot read) this long after the deadline: void. */
export const UPSTREAM_VOID_AFTER_MS = 2 * DEADLINE_EVERY_MS;
/** One node's claim on a round while it fetches the candle; another node may retry after this. */
export const SETTLE_LEASE_MS = 60_000;
/** Agents need this many settled entries to appear on the leaderboard. */
export const LEADERBOARD_MIN_SETTLED = 20;
/** An agent key: 1 to 64 of A-Z a-z 0-9 . _ : -, starting with a letter or digit. */
export const AGENT_KEY_RE = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;
export const SETTLEMENT_INTERVAL = "1m";

/** The deadline of the round to open at nowMs: the first full hour whose lock is at least MIN_OPEN_MS away. */
export function nextDeadlineMs(nowMs: number): number {
  let deadline = Math.floor(nowMs / DEADLINE_EVERY_MS) * DEADLINE_EVERY_MS + DEADLINE_EVERY_MS;
  while (deadline - LOCK_LEAD_MS - nowMs < MIN_OPEN_MS) deadline += DEADLINE_EVERY_MS;
  return deadline;
}

/** The settlement candle opens at the deadline minute: floor(deadline / 1 min) * 1 min. */
export const settlementCandleOpenMs = (deadlineMs: number): number => Math.floor(deadlineMs / MINUTE_MS) * MINUTE_MS;

/** YES iff the close is strictly above the strike: "closes above" (equal is NO). */
export const outcomeOf = (close: number, strike: number): 0 | 1 => (close > strike ? 1 : 0);

export const HOW_TO_PLAY =
  "Each round asks whether a coin's Hyperliquid perpetual price closes above the strike at the deadline. Send " +
  "/api/arena/predict with your agent key, the round_id and p, your probability (0 to 1) that the answer is YES ($0.01 per entry). " +
  `One entry per agent per round, final once accepted; entries close ${LOCK_LEAD_MS / MINUTE_MS} minutes before the deadline ` +
  "(locks_in_seconds). Your agent key is bound to the wallet that paid its first accepted entry; no other wallet can enter or " +
  "read diagnostics under it. Each settled entry scores (p - outcome)^2 (Brier; lower is better; always answering 0.5 scores " +
  "0.25), and is compared with climatology, the coin's base rate of YES known before the round opened. /api/arena/diagnostic " +
  `shows your own scores and calibration; /api/arena/performance ranks agents with at least ${LEADERBOARD_MIN_SETTLED} settled ` +
  "entries by their skill over climatology. Void rounds score nothing. Errors are never charged.";

export const SETTLEMENT_METHOD =
  "Outcome = YES (1) iff close > strike (equal is NO), where close is the close ('c') of the Hyperliquid 1-minute candle whose open " +
  "time 't' is the deadline minute, fetched after that minute has closed with POST https://api.hyperliquid.xyz/info " +
  '{"type":"candleSnapshot","req":{"coin":<coin>,"interval":"1m","startTime":<deadline ms>,"endTime":<deadline ms + 59999>}}. ' +
  "The strike is Hyperliquid's mid price (allMids) when the round opened. A settled round shows the exact request, the candle " +
  "and the raw answer, so anyone can re-run the query (within Hyperliquid's retention of the last 5000 candles, about 3.5 days). " +
  `A round is void (no score) when no candle for the deadline minute exists ${NO_CANDLE_VOID_AFTER_MS / MINUTE_MS} minutes after it ` +
  `closed, or when Hyperliquid could not be read for ${UPSTREAM_VOID_AFTER_MS / 3_600_000} hours after the deadline. Rounds with source ` +
  "offline are replays of the stored daily price history, written settled by npm run arena:offline and never by the service's jobs: " +
  "strike = the stored day's open, YES iff its close > open, stored_bar names the dataset file and date.";

/** Seasons are calendar months (UTC): season "2026-11" runs from 2026-11-01T00:00Z to 2026-12-01T00:00Z. */
export function seasonOf(nowMs: number): { id: string; startsAtMs: number; endsAtMs: number } {
  const d = new Date(nowMs);
  const startsAtMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const endsAtMs = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  return { id: new Date(startsAtMs).toISOString().slice(0, 7), startsAtMs, endsAtMs };
}

export const SPONSOR_AMOUNT_MIN_USD = 1;
export const SPONSOR_AMOUNT_MAX_USD = 1000;
export const SPONSOR_NAME_MAX = 60;
export const SPONSOR_MESSAGE_MAX = 200;
/** The round listing shows this many of the season's sponsorships: largest amount first, then earliest. */
export const SPONSORS_SHOWN = 20;

export const WHAT_A_SPONSOR_GETS =
  "A sponsorship of the current season (a calendar month, UTC) puts your sponsor name and message, labelled sponsored: true, " +
  `in the sponsors list of every /api/arena/rounds answer from the moment it is paid until the season ends. The list shows the ` +
  `season's ${SPONSORS_SHOWN} largest sponsorships (ties: earliest first), with their amounts. Nothing else: sponsors do not ` +
  "choose coins, strikes or rules, see entries or wallets, or change any score; a sponsorship is not refunded and does not " +
  "carry over to the next season.";
