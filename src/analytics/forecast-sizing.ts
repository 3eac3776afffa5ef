import { sampleStd } from "../core/statistics.js";
import type { Evidence } from "./forecast-evidence.js";
import type { HorizonDistribution } from "./forward-distribution.js";
import { kellySizing, type Sizing } from "./kelly-sizing.js";

/** Kelly sizing (kelly-sizing.ts) from one horizon of an analog forecast and its evidence. */
export function forecastSizing(horizon: HorizonDistribution, evidence: Evidence, lastClose: number, confidence: number, accountSizeUsd: number): Sizing {
  return kellySizing({
    stats: horizon.stats,
    evidence,
    independentStd: horizon.independent.length >= 2 ? sampleStd(horizon.independent) : null,
    confidence,
    accountSizeUsd,
    lastClose,
  });
}
