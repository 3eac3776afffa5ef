/**
 * What a forecast-like answer claimed, in one normalised form (the forecast log, docs/track-record.md): one row
 * per route, series, canonical inputs, as-of bar and horizon. Returns are decimals; a `change` outcome (a
 * yield) is in the quote's own units. Every figure the route did not publish is null.
 */
export type ForecastSource = "live" | "replay";
export type HorizonUnit = "calendar_days" | "bars";
export type ClaimOutcomeKind = "return" | "change";
/** pending: the horizon has not passed in the stored bars; void: no close stands for it (a gap), never scored. */
export type ForecastStatus = "pending" | "scored" | "void";

export interface ForecastClaim {
  /** The operationId of the route that made the claim (or the replay's label of the same code). */
  route: string;
  series: string;
  /**
   * The forecast's own inputs (the route's validated parameters), canonicalised (keys sorted) into the row's
   * fingerprint: the same inputs and as-of bar are the same forecast however often they are bought.
   */
  inputs: Record<string, unknown>;
  /** The last bar the forecast used, or a date at or before which it lies (the recorder resolves it to the bar). */
  asOfDate: string;
  horizon: number;
  horizonUnit: HorizonUnit;
  outcomeKind: ClaimOutcomeKind;
  /** The point forecast: the mean of the outcomes the answer rests on, and their median when published. */
  mean: number | null;
  median: number | null;
  /** A range for the outcome itself (the analogs' P10 to P90, level 0.8) when the answer publishes one. */
  range: ClaimInterval | null;
  /** The interval of the mean (mean_ci, level 0.9): a claim about the average outcome, not about one outcome. */
  meanInterval: ClaimInterval | null;
  /** Share of the analogs' outcomes above zero: the probability of a rise the answer implies. */
  probabilityUp: number | null;
  /** long/short/flat where the answer takes a side (a trading signal); otherwise the sign of `mean`. */
  direction: "long" | "short" | "flat" | null;
  /** What a buyer has for free: the unconditional mean and share of rises over the same horizon. */
  baselineMean: number | null;
  baselineHitRate: number | null;
  /** The spread (standard deviation) of the analogs' outcomes: read as a forecast of the outcome's volatility. */
  dispersion: number | null;
  /** How many independent outcomes the claim rests on. */
  nIndependent: number | null;
}

export interface ClaimInterval {
  low: number;
  high: number;
  level: number;
}

export interface ForecastScore {
  outcomeDate: string;
  realised: number;
  insideRange: boolean | null;
  insideMeanInterval: boolean | null;
  directionRight: boolean | null;
  /** Whether the baseline's side (up when its hit rate is at least one half) was right. */
  baselineDirectionRight: boolean | null;
  brier: number | null;
  baselineBrier: number | null;
  /** Realised volatility over the horizon (daily log returns' std times √bars), and the trailing one at the as-of bar. */
  realisedVolatility: number | null;
  trailingVolatility: number | null;
  scoredAtMs: number;
}

export interface ForecastRecord extends Omit<ForecastClaim, "inputs"> {
  id: string;
  source: ForecastSource;
  inputsJson: string;
  fingerprint: string;
  asOfMs: number;
  loggedAtMs: number;
  /** sha256 hex of the signed body of the first sale (later sales of the same forecast keep it); null for a replay. */
  responseSha256: string | null;
  /** True when the outcome was not in the history the forecast was computed from (a real forecast). */
  exAnte: boolean;
  dueAtMs: number;
  status: ForecastStatus;
  pendingReason: string | null;
  score: ForecastScore | null;
}
