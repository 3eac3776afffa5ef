import type { Logger } from "pino";
import type { ArenaRound } from "../../domain/arena.js";
import { AppError } from "../../domain/app-error.js";
import type { CandleSnapshot, HyperliquidMarket } from "../../providers/hyperliquid/port.js";
import type { ArenaRounds } from "../../storage/repos/arena-rounds.js";
import {
  MINUTE_MS,
  NO_CANDLE_VOID_AFTER_MS,
  outcomeOf,
  SETTLE_GRACE_MS,
  SETTLE_LEASE_MS,
  SETTLEMENT_INTERVAL,
  settlementCandleOpenMs,
  UPSTREAM_VOID_AFTER_MS,
} from "../../domain/arena-rules.js";

export interface SettlementReport {
  due: number;
  settled: number;
  voided: number;
  waiting: number;
}

const BATCH = 50;
const iso = (ms: number) => new Date(ms).toISOString();

type Attempt = { kind: "settled" | "voided" | "waiting" | "taken" };

/**
 * Settles rounds whose deadline candle has closed. Each round is claimed first (a lease, so two nodes do not
 * both fetch), then settled or voided by a write conditional on it still being pending: a round's outcome is
 * written once, ever. Rounds that cannot be settled yet stay `settling` with the reason, retried each tick.
 */
export class RoundSettler {
  constructor(
    private readonly market: HyperliquidMarket,
    private readonly rounds: ArenaRounds,
  ) {}

  async settleDue(nowMs: number, logger: Pick<Logger, "warn">, signal?: AbortSignal): Promise<SettlementReport> {
    // The deadline minute's candle is final once the minute has closed (plus a grace for the exchange).
    const due = await this.rounds.awaitingSettlement(nowMs - MINUTE_MS - SETTLE_GRACE_MS, BATCH);
    const report: SettlementReport = { due: due.length, settled: 0, voided: 0, waiting: 0 };
    for (const round of due) {
      if (signal?.aborted) break;
      if (!(await this.rounds.claim(round.roundId, nowMs, SETTLE_LEASE_MS))) continue;
      const attempt = await this.settleOne(round, nowMs, logger);
      if (attempt.kind !== "taken") report[attempt.kind] += 1;
    }
    return report;
  }

  private async settleOne(round: ArenaRound, nowMs: number, logger: Pick<Logger, "warn">): Promise<Attempt> {
    const openMs = settlementCandleOpenMs(round.deadlineMs);
    let snapshot: CandleSnapshot;
    try {
      snapshot = await this.market.candleSnapshot(round.coin, SETTLEMENT_INTERVAL, openMs, openMs + MINUTE_MS - 1);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (nowMs - round.deadlineMs >= UPSTREAM_VOID_AFTER_MS) {
        return this.finishVoid(round, `upstream_unavailable: Hyperliquid could not be read until ${iso(nowMs)} (${error.message})`, nowMs);
      }
      logger.warn({ roundId: round.roundId, err: error.message }, "arena round not settled yet: Hyperliquid unavailable");
      await this.rounds.markPending(round.roundId, `Hyperliquid unavailable, retrying: ${error.message}`);
      return { kind: "waiting" };
    }
    const attempt = { requestUrl: snapshot.request.url, requestBody: snapshot.request.body, responseBody: snapshot.rawBody };
    const index = snapshot.candles.findIndex((c) => c.t === openMs);
    if (index < 0) {
      const what = `no ${SETTLEMENT_INTERVAL} candle of ${round.coin} opening at ${iso(openMs)}`;
      if (nowMs - (openMs + MINUTE_MS) >= NO_CANDLE_VOID_AFTER_MS) return this.finishVoid(round, `no_candle: ${what}`, nowMs, attempt);
      await this.rounds.markPending(round.roundId, `${what} yet`);
      return { kind: "waiting" };
    }
    const candle = snapshot.candles[index];
    const close = Number(candle.c);
    const problem =
      candle.s !== round.coin
        ? `the candle is for ${candle.s}, not ${round.coin}`
        : candle.i !== SETTLEMENT_INTERVAL
          ? `the candle's interval is ${candle.i}, not ${SETTLEMENT_INTERVAL}`
          : candle.T !== openMs + MINUTE_MS - 1
            ? `the candle closes at ${candle.T}, not ${openMs + MINUTE_MS - 1}`
            : !(close > 0)
              ? `the candle's close ${candle.c} is not a price`
              : undefined;
    if (problem !== undefined) return this.finishVoid(round, `unreliable_candle: ${problem}`, nowMs, attempt);
    const written = await this.rounds.settle(round.roundId, {
      outcome: outcomeOf(close, round.strike),
      close: candle.c,
      ...attempt,
      candleJson: snapshot.rawCandles[index],
      settledAtMs: nowMs,
    });
    return { kind: written ? "settled" : "taken" };
  }

  private async finishVoid(round: ArenaRound, reason: string, nowMs: number, attempt?: Parameters<ArenaRounds["void"]>[3]): Promise<Attempt> {
    return { kind: (await this.rounds.void(round.roundId, reason, nowMs, attempt)) ? "voided" : "taken" };
  }
}
