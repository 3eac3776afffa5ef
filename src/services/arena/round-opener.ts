import { randomBytes } from "node:crypto";
import type { Logger } from "pino";
import { AppError } from "../../domain/app-error.js";
import type { HyperliquidMarket } from "../../providers/hyperliquid/port.js";
import { dexOfCoin } from "../../domain/arena.js";
import type { ArenaRounds } from "../../storage/repos/arena-rounds.js";
import { LOCK_LEAD_MS, nextDeadlineMs } from "../../domain/arena-rules.js";
import { ownValue } from "../../domain/own-value.js";

export interface OpeningReport {
  opened: { roundId: string; coin: string; strike: number; deadlineMs: number }[];
  skipped: { coin: string; reason: string }[];
}

/** `rnd_` + 10 lowercase hex characters (40 random bits). */
export const newRoundId = (): string => `rnd_${randomBytes(5).toString("hex")}`;

const messageOf = (error: unknown) => (error instanceof AppError ? error.message : String(error));

/**
 * Opens the next round for every arena coin that has no open round: strike = Hyperliquid's current mid
 * price, deadline = the next full hour with enough open time before its lock. A coin Hyperliquid does not
 * list (or lists as delisted), or whose dex cannot be read right now, is skipped and retried next tick.
 */
export class RoundOpener {
  constructor(
    private readonly market: HyperliquidMarket,
    private readonly rounds: ArenaRounds,
    private readonly coins: readonly string[],
  ) {}

  async openDue(nowMs: number, logger: Pick<Logger, "warn">): Promise<OpeningReport> {
    const report: OpeningReport = { opened: [], skipped: [] };
    const haveOpen = await this.rounds.coinsWithOpenRound(nowMs);
    const needed = this.coins.filter((coin) => !haveOpen.has(coin));
    const deadlineMs = nextDeadlineMs(nowMs);
    for (const dex of [...new Set(needed.map(dexOfCoin))]) {
      const coins = needed.filter((coin) => dexOfCoin(coin) === dex);
      try {
        const listed = new Map((await this.market.listedCoins([dex])).map((c) => [c.name, c]));
        const mids = await this.market.allMids(dex);
        for (const coin of coins) {
          const reason = await this.openOne(coin, listed.get(coin)?.delisted, ownValue(mids.mids, coin), mids.request.body, nowMs, deadlineMs, report);
          if (reason !== undefined) report.skipped.push({ coin, reason });
        }
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        for (const coin of coins) report.skipped.push({ coin, reason: messageOf(error) });
      }
    }
    if (report.skipped.length > 0) logger.warn({ skipped: report.skipped }, "arena rounds not opened for some coins");
    return report;
  }

  /** Opens one round; answers why not, or undefined when it opened (or another node just did). */
  private async openOne(
    coin: string,
    delisted: boolean | undefined,
    mid: string | undefined,
    request: string,
    nowMs: number,
    deadlineMs: number,
    report: OpeningReport,
  ): Promise<string | undefined> {
    if (delisted === undefined) return `Hyperliquid does not list ${coin}`;
    if (delisted) return `Hyperliquid lists ${coin} as delisted`;
    const strike = Number(mid);
    if (mid === undefined || !Number.isFinite(strike) || strike <= 0) return `Hyperliquid has no usable mid price for ${coin} (${String(mid)})`;
    const round = {
      roundId: newRoundId(),
      coin,
      strike,
      strikeSource: { request, mid, fetchedAtMs: nowMs },
      openedAtMs: nowMs,
      lockAtMs: deadlineMs - LOCK_LEAD_MS,
      deadlineMs,
    };
    if (await this.rounds.open(round)) report.opened.push({ roundId: round.roundId, coin, strike, deadlineMs });
    return undefined;
  }
}
