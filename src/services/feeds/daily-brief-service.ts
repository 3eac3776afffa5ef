import { AppError } from "../../domain/app-error.js";
import type { Mover, MoverCategory } from "../../providers/prices/port.js";
import type { EarningsCalendarService, EarningsDay } from "./earnings-calendar-service.js";
import type { EconAnswer, EconomicCalendarService } from "./economic-calendar-service.js";
import type { FearGreedService } from "./fear-greed-service.js";
import type { Served } from "./snapshot-cache.js";
import type { FearGreed } from "../../providers/feeds/port.js";

export type Section<T> =
  | { status: "ok"; value: T; fetchedAtMs: number; cached: boolean }
  | { status: "unavailable"; error: { code: string; message: string } };

export interface DailyBrief {
  fearGreed: Section<FearGreed>;
  movers: Section<{ gainers: Mover[]; losers: Mover[] }>;
  earnings: Section<EarningsDay>;
  events: Section<EconAnswer>;
}

export const BRIEF_MOVERS_COUNT = 5;
export const BRIEF_CURRENCIES = ["USD", "EUR", "GBP", "JPY"];

async function section<T>(work: () => Promise<Served<T>>): Promise<Section<T>> {
  try {
    const served = await work();
    return { status: "ok", value: served.value, fetchedAtMs: served.fetchedAtMs, cached: served.cached };
  } catch (error) {
    // Only upstream trouble is a section's own status; anything else is a bug and must surface as one.
    if (!(error instanceof AppError)) throw error;
    return { status: "unavailable", error: { code: error.code, message: error.message } };
  }
}

/**
 * Sentiment, movers, today's earnings and today's high-importance events in one call. Each section is fetched
 * on its own and carries its own status, so one failed upstream leaves the others served; when none is served
 * the call is a 503 (and so is not charged).
 */
export class DailyBriefService {
  constructor(
    private readonly fearGreed: FearGreedService,
    private readonly movers: (category: MoverCategory, count: number) => Promise<Mover[]>,
    private readonly moversSource: string,
    private readonly earnings: EarningsCalendarService,
    private readonly economic: EconomicCalendarService,
    private readonly nowMs: () => number,
  ) {}

  async brief(): Promise<DailyBrief> {
    const [fearGreed, movers, earnings, events] = await Promise.all([
      section(() => this.fearGreed.current()),
      section(async () => {
        const [gainers, losers] = await Promise.all([this.movers("gainers", BRIEF_MOVERS_COUNT), this.movers("losers", BRIEF_MOVERS_COUNT)]);
        return { value: { gainers, losers }, fetchedAtMs: this.nowMs(), cached: false, stale: false };
      }),
      section(() => this.earnings.onDate(undefined)),
      section(() => this.economic.events({ period: "today", currencies: BRIEF_CURRENCIES, importance: ["high"] })),
    ]);
    const brief = { fearGreed, movers, earnings, events };
    if (Object.values(brief).every((s) => s.status !== "ok")) {
      const message = `No section of the daily brief could be served (${this.moversSource} movers, CNN, Nasdaq, ForexFactory all failed); retry later`;
      throw new AppError("UPSTREAM_UNAVAILABLE", message, { retryAfterSeconds: 60, publicHint: message });
    }
    return brief;
  }
}
