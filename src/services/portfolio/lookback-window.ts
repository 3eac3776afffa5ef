import { allPositive, commonTimes, type AlignedPanel, type TimedCloses } from "../../analytics/aligned-panel.js";
import { shiftMonthsUtc } from "../../analytics/calendar-months.js";
import { periodsPerYear } from "../../analytics/return-moments.js";
import { AppError, validationError } from "../../domain/app-error.js";
import type { LoadedAsset } from "./asset-loader.js";

export interface LookbackWindow {
  /** Inclusive bounds: the period ends on the latest date every series shares. */
  fromMs: number;
  endMs: number;
}

/**
 * The look-back period ends on the latest date all the book's series share (files and listings end on
 * different days; the latest shared close is the freshest moment the whole book can be priced) and
 * starts `months` calendar months earlier.
 */
export function lookbackWindow(series: readonly TimedCloses[], months: number, param: string): LookbackWindow {
  const shared = commonTimes(series);
  if (shared.length === 0) {
    throw new AppError("NO_DATA", `${param}: the tickers share no trading date`, { details: [{ param, issue: "the tickers share no trading date" }] });
  }
  const endMs = shared[shared.length - 1];
  return { fromMs: shiftMonthsUtc(endMs, -months), endMs };
}

/** 365 observations a year when every asset trades every day (crypto), else 252 (see return-moments.ts). */
export function assetPeriodsPerYear(assets: readonly Pick<LoadedAsset, "assetClass">[]): number {
  return periodsPerYear(assets.every((a) => a.assetClass === "crypto"));
}

/** Simple returns need positive prices; enough observations are needed for the statistics to mean anything. */
export function checkPanel(panel: AlignedPanel, tickers: readonly string[], minObservations: number, param: string): void {
  panel.closes.forEach((closes, i) => {
    if (!allPositive(closes)) throw validationError(param, `${tickers[i]} has a non-positive or missing close in the period; simple returns are undefined`);
  });
  const n = panel.stepEnds.length;
  if (n < minObservations) {
    const issue = `only ${n} shared daily returns in the period; at least ${minObservations} are needed (the tickers overlap too little)`;
    throw new AppError("NO_DATA", `${param}: ${issue}`, { details: [{ param, issue }] });
  }
}
