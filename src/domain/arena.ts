/**
 * The forecasting arena's nouns. A round asks whether a coin's Hyperliquid price closes above a strike at a
 * deadline; agents enter a probability p of YES. Stored status is `pending` until settlement writes
 * `settled` or `void` once; the public state of a pending round follows from the clock (see roundState).
 */

export type RoundState = "open" | "locked" | "settling" | "settled" | "void";
export const ROUND_STATES: readonly RoundState[] = ["open", "locked", "settling", "settled", "void"];

export type StoredRoundStatus = "pending" | "settled" | "void";

/** Where a round's prices come from: Hyperliquid (live rounds) or the stored daily history (offline replays). */
export type RoundSource = "hyperliquid" | "offline";

/** Where a Hyperliquid round's strike came from: the `allMids` request and the mid it answered. */
export interface StrikeSource {
  request: string;
  mid: string;
  fetchedAtMs: number;
}

/**
 * The stored daily bar an offline round replays: its strike is the bar's open and its settlement the bar's close.
 * `file` is the file of the offline dataset (MARKET_DATA_DIR) the bar was read from, `date` the bar's date.
 */
export interface StoredBarRef {
  /** The market-data source the bar was stored from (`offline`: a MARKET_DATA_DIR folder). */
  store: string;
  /** The symbol the bar is stored under (`BTC-USD`, `GC=F`). */
  symbol: string;
  file: string;
  timeframe: "1d";
  date: string;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number | null;
}

export interface RoundSettlement {
  /** 1 = YES (close > strike), 0 = NO (close <= strike). */
  outcome: 0 | 1;
  close: string;
  /** The exact candleSnapshot request body that fetched the candle (POST to `url`). */
  requestUrl: string;
  requestBody: string;
  /** The candle, as Hyperliquid's JSON object, and the whole response body as received. */
  candleJson: string;
  responseBody: string;
  settledAtMs: number;
}

export interface ArenaRound {
  roundId: string;
  coin: string;
  source: RoundSource;
  strike: number;
  /** Hyperliquid rounds only (null for offline rounds, whose strike is `storedBar.open`). */
  strikeSource: StrikeSource | null;
  /** Offline rounds only: the stored bar both prices come from. */
  storedBar: StoredBarRef | null;
  openedAtMs: number;
  lockAtMs: number;
  deadlineMs: number;
  status: StoredRoundStatus;
  settlement: RoundSettlement | null;
  voidReason: string | null;
  /** For a void round: the candle request that was tried last (to audit the void), if one was answered. */
  voidRequest: { url: string; body: string; responseBody: string | null } | null;
  /** Why the last settlement attempt could not settle it yet (while pending). */
  pendingReason: string | null;
  entrants: number;
}

export interface ArenaEntry {
  roundId: string;
  agent: string;
  p: number;
  payer: string;
  enteredAtMs: number;
}

/** The state a round is in at nowMs: stored end states win, otherwise the clock decides. */
export function roundState(round: Pick<ArenaRound, "status" | "lockAtMs" | "deadlineMs">, nowMs: number): RoundState {
  if (round.status !== "pending") return round.status;
  if (nowMs < round.lockAtMs) return "open";
  if (nowMs < round.deadlineMs) return "locked";
  return "settling";
}

/** A settled round's outcome as climatology needs it (src/analytics/arena-skill.ts). */
export interface SettledRoundOutcome {
  roundId: string;
  coin: string;
  /** Where prices came from: base rates of different questions (an hour of Hyperliquid, a stored day) are never mixed. */
  source: RoundSource;
  openedAtMs: number;
  deadlineMs: number;
  outcome: 0 | 1;
}

/** `request_url` of an offline round's settlement: this prefix and the dataset file (`offline:BTC-USD.csv`). */
export const OFFLINE_SETTLEMENT_PREFIX = "offline:";

/** A settled entry as the scores see it. */
export interface ScoredForecast {
  agent: string;
  coin: string;
  p: number;
  outcome: 0 | 1;
}

export interface Sponsorship {
  sponsorshipId: string;
  season: string;
  sponsor: string;
  message: string;
  amountUsd: number;
  payer: string;
  createdAtMs: number;
}

/** The Hyperliquid dex of a coin: `xyz:GOLD` -> "xyz" (a HIP-3 builder dex), `BTC` -> "" (the native dex). */
export function dexOfCoin(coin: string): string {
  const colon = coin.indexOf(":");
  return colon < 0 ? "" : coin.slice(0, colon);
}
