import type { MomentumOutcome } from "./momentum.js";

export interface Ranked<T> {
  item: T;
  /** 1 = strongest; null when the item has no composite score. */
  rank: number | null;
}

/**
 * Strongest first by composite score; exact ties keep the input order. Items without a score (failed or
 * short history) follow, in input order, unranked.
 */
export function rankByMomentum<T>(items: readonly T[], outcomeOf: (item: T) => MomentumOutcome | null): Ranked<T>[] {
  const scored: { item: T; score: number; order: number }[] = [];
  const unscored: T[] = [];
  items.forEach((item, order) => {
    const outcome = outcomeOf(item);
    if (outcome?.kind === "ok") scored.push({ item, score: outcome.measures.compositeScore, order });
    else unscored.push(item);
  });
  scored.sort((a, b) => b.score - a.score || a.order - b.order);
  return [...scored.map((s, i) => ({ item: s.item, rank: i + 1 })), ...unscored.map((item) => ({ item, rank: null }))];
}
