import { roundState, type ArenaRound } from "../../../domain/arena.js";
import { settlementCandleOpenMs } from "../../../domain/arena-rules.js";

const iso = (ms: number) => new Date(ms).toISOString();
const secondsUntil = (ms: number, nowMs: number) => Math.max(0, Math.floor((ms - nowMs) / 1000));
const infoRequest = (url: string, body: string) => ({ url, method: "POST" as const, body });

export function roundWire(round: ArenaRound, nowMs: number) {
  const s = round.settlement;
  const bar = round.storedBar;
  // An offline round's whole record is its stored bar: there was no request to anyone.
  const audit = bar !== null ? null : s !== null ? { url: s.requestUrl, body: s.requestBody, responseBody: s.responseBody } : round.voidRequest;
  const strikeSource = round.strikeSource;
  return {
    round_id: round.roundId,
    coin: round.coin,
    strike: round.strike,
    question:
      bar === null
        ? `Will ${round.coin} close above ${strikeSource?.mid ?? round.strike} at ${iso(round.deadlineMs)}? (Hyperliquid 1-minute candle opening at the deadline)`
        : `Will ${round.coin} close above ${round.strike} on ${bar.date}? (offline replay of the stored daily bar of ${bar.symbol}: strike = its open, settlement = its close)`,
    state: roundState(round, nowMs),
    opened_at: iso(round.openedAtMs),
    lock_at: iso(round.lockAtMs),
    deadline: iso(round.deadlineMs),
    seconds_left: secondsUntil(round.deadlineMs, nowMs),
    locks_in_seconds: secondsUntil(round.lockAtMs, nowMs),
    entrants: round.entrants,
    strike_source:
      strikeSource === null
        ? null
        : { request: infoRequest("https://api.hyperliquid.xyz/info", strikeSource.request), mid: strikeSource.mid, fetched_at: iso(strikeSource.fetchedAtMs) },
    settlement_candle_open: iso(bar === null ? settlementCandleOpenMs(round.deadlineMs) : round.openedAtMs),
    outcome: s === null ? null : s.outcome === 1 ? ("YES" as const) : ("NO" as const),
    close: s?.close ?? null,
    candle: s === null ? null : (JSON.parse(s.candleJson) as Record<string, unknown>),
    settlement_request: audit === null ? null : infoRequest(audit.url, audit.body),
    raw_response: audit?.responseBody ?? null,
    settled_at: s !== null ? iso(s.settledAtMs) : null,
    void_reason: round.voidReason,
    pending_reason: round.status === "pending" ? round.pendingReason : null,
    source: round.source,
    stored_bar: bar === null ? null : { store: bar.store, symbol: bar.symbol, file: bar.file, timeframe: bar.timeframe, date: bar.date },
  };
}
