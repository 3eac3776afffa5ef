import { DAY_MS } from "../../domain/bar.js";
import type { RouterEvents } from "../../storage/repos/router-events.js";

/** Observed reliability of an origin: share of reports that said the result helped; null without reports. */
export interface Reliability {
  reliability: number | null;
  samples: number;
}

export type ReliabilityOf = (origin: string) => Promise<Reliability>;

/** The window of observations behind the router's reliability. */
export const RELIABILITY_WINDOW_MS = 90 * DAY_MS;

/**
 * Reliability from the router's outcome reports over the last 90 days: each client counts once per
 * (origin, path), with its latest report, so one caller repeating "did not help" cannot sink a seller.
 */
export function outcomeReliability(events: RouterEvents, nowMs: () => number): ReliabilityOf {
  return async (origin) => {
    const latest = new Map<string, boolean>();
    for (const e of await events.outcomesFor(origin, nowMs() - RELIABILITY_WINDOW_MS)) latest.set(`${e.clientKey}|${e.path}`, e.helped);
    const votes = [...latest.values()];
    return { reliability: votes.length === 0 ? null : votes.filter(Boolean).length / votes.length, samples: votes.length };
  };
}
