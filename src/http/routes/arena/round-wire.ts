import { roundState, type ArenaRound } from "../../../domain/arena.js";
import { settlementCandleOpenMs } from "../../../domain/arena-rules.js";

const iso = (ms: number) => new Date(ms).toISOString();
const secondsUntil = (ms: number, nowMs: number) => Math.max(0, Math.floor((ms - nowMs) / 1000));
const infoRequest = (url: string, body: string) => ({ url, method: "POST" as const, body });

export function roundWire(round: ArenaRound, nowMs: number) {
  const s = round.settlement;
  const audit = s !== null ? { url: s.requestUrl, body: s.requestBody, responseBody: s.responseBody } : round.voidRequest;
  return {
    round_id: round.roundId,
    coin: round.coin,
    strike: round.strike,
    question: `Will ${round.coin} close above ${round.strikeSource.mid} at ${iso(round.deadlineMs)}? (Hyperliquid 1-minute candle opening at the deadline)`,
    state: roundState(round, nowMs),
    opened_at: iso(round.openedAtMs),
    lock_at: iso(round.lockAtMs),
    deadline: iso(round.deadlineMs),
    seconds_left: secondsUntil(round.deadlineMs, nowMs),
    locks_in_seconds: secondsUntil(round.lockAtMs, nowMs),
    entrants: round.entrants,
    strike_source: {
      request: infoRequest("https://api.hyperliquid.xyz/info", round.strikeSource.request),
      mid: round.strikeSource.mid,
      fetched_at: iso(round.strikeSource.fetchedAtMs),
    },
    settlement_candle_open: iso(settlementCandleOpenMs(round.deadlineMs)),
    outcome: s === null ? null : s.outcome === 1 ? ("YES" as const) : ("NO" as const),
    close: s?.close ?? null,
    candle: s === null ? null : (JSON.parse(s.candleJson) as Record<string, unknown>),
    settlement_request: audit === null ? null : infoRequest(audit.url, audit.body),
    raw_response: audit?.responseBody ?? null,
    settled_at: s !== null ? iso(s.settledAtMs) : null,
    void_reason: round.voidReason,
    pending_reason: round.status === "pending" ? round.pendingReason : null,
    source: "hyperliquid" as const,
  };
}
