import { mean } from "../core/statistics.js";
import type { EarningsReaction, MarketCloses } from "./abnormal-reaction.js";
import { buyTheDipFlag, highVolatilityFlag, type BuyTheDipFlag, type HighVolatilityFlag } from "./earnings-flags.js";
import type { DailyClose, SurpriseResult } from "./earnings-reaction.js";

/**
 * The summary of a company's reports: the beat rate and mean reactions of the quarters the EPS source lists, and
 * the two flags over every report whose date is stored (earnings-flags.ts), which need no EPS and so are not held
 * to the source's four quarters.
 */

export interface ScoredQuarter {
  result: SurpriseResult | null;
  reaction: EarningsReaction | undefined;
}

export interface Figure {
  value: number | null;
  n: number;
  rule: string;
}

/** A mean reaction, raw and market-adjusted (the abnormal mean may rest on fewer reports: those the market covers). */
export interface ReactionFigure extends Figure {
  abnormal: { value: number | null; n: number };
}

export interface EarningsSummary {
  beat_rate: Figure;
  avg_reaction_on_beats: ReactionFigure;
  avg_reaction_on_misses: ReactionFigure;
  high_volatility_event: HighVolatilityFlag;
  buy_the_dip: BuyTheDipFlag;
}

const meanOrNull = (xs: readonly number[]) => (xs.length === 0 ? null : mean(xs));

function reactionFigure(quarters: readonly ScoredQuarter[], label: string): ReactionFigure {
  const raw = quarters.flatMap((q) => (q.reaction === undefined ? [] : [q.reaction.reaction_1d]));
  const abnormal = quarters.flatMap((q) => (q.reaction?.abnormal_1d == null ? [] : [q.reaction.abnormal_1d]));
  return {
    value: meanOrNull(raw),
    n: raw.length,
    rule: `mean 1-day reaction of the ${label} whose report date and closes are known; abnormal: the mean of reaction minus the market's over the same sessions`,
    abnormal: { value: meanOrNull(abnormal), n: abnormal.length },
  };
}

/**
 * `quarters`: the EPS source's quarters with their reactions; `reports`: the reaction of every stored report date,
 * those quarters' included. The beat figures are descriptive only: four quarters are too few for an interval of any
 * mean (interval-policy.ts), so none is given and none is implied.
 */
export function summarizeEarnings(quarters: readonly ScoredQuarter[], reports: readonly EarningsReaction[], stock: readonly DailyClose[], market: MarketCloses): EarningsSummary {
  const judged = quarters.filter((q) => q.result !== null);
  const beats = judged.filter((q) => q.result === "beat");
  return {
    beat_rate: { value: judged.length === 0 ? null : beats.length / judged.length, n: judged.length, rule: "quarters with actual EPS above the estimate / quarters with both figures" },
    avg_reaction_on_beats: reactionFigure(beats, "beats"),
    avg_reaction_on_misses: reactionFigure(
      judged.filter((q) => q.result === "miss"),
      "misses",
    ),
    high_volatility_event: highVolatilityFlag(reports, stock, market),
    buy_the_dip: buyTheDipFlag(reports, stock, market),
  };
}
