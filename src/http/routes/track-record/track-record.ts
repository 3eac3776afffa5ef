import type { RecordGroup, Proportion, MeanFigure } from "../../../analytics/track-record.js";
import { trackRecordContract, type TrackRecordParams } from "../../../contracts/track-record/track-record.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import type { ForecastRecord } from "../../../domain/forecast-claim.js";
import { REPLAY_EVERY_BARS, REPLAY_FIRST_BAR, type ReplayedRoute } from "../../../services/track-record/replay-routes.js";
import type { TrackRecordService } from "../../../services/track-record/track-record-service.js";
import type { RouteModule } from "../../route-module.js";

const proportionWire = (p: Proportion) => ({ n: p.n, hits: p.hits, rate: p.rate, low: p.low, high: p.high });
const meanWire = (m: MeanFigure) => ({ n: m.n, mean: m.mean, low: m.low, high: m.high });

function groupWire(g: RecordGroup) {
  return {
    source: g.source,
    route: g.route,
    horizon: g.horizon,
    horizon_unit: g.horizonUnit,
    series: g.series,
    logged: g.logged,
    pending: g.pending,
    void: g.void,
    retrospective: g.retrospective,
    scored: g.scored,
    range_coverage: { ...proportionWire(g.rangeCoverage), nominal: g.rangeCoverage.nominal },
    mean_interval_coverage: { ...proportionWire(g.meanIntervalCoverage), nominal: g.meanIntervalCoverage.nominal },
    hit_rate: proportionWire(g.hitRate),
    baseline_hit_rate: proportionWire(g.baselineHitRate),
    realised_excess: meanWire(g.realisedExcess),
    predicted_excess: meanWire(g.predictedExcess),
    directional_excess: meanWire(g.directionalExcess),
    brier: g.brier,
    calibration: g.calibration.map((b) => ({
      low: b.low,
      high: b.high,
      n: b.n,
      mean_p: b.meanP,
      observed: b.observed,
      wilson_low: b.wilsonLow,
      wilson_high: b.wilsonHigh,
      sparse: b.sparse,
    })),
    volatility: {
      n: g.volatility.n,
      analogs_log_error: g.volatility.analogsLogError,
      trailing_log_error: g.volatility.trailingLogError,
      analogs_closer: proportionWire(g.volatility.analogsCloser),
    },
  };
}

function forecastWire(r: ForecastRecord) {
  return {
    id: r.id,
    source: r.source,
    route: r.route,
    series: r.series,
    inputs: JSON.parse(r.inputsJson) as Record<string, unknown>,
    as_of: r.asOfDate,
    horizon: r.horizon,
    horizon_unit: r.horizonUnit,
    logged_at: new Date(r.loggedAtMs).toISOString(),
    response_hash: r.responseSha256 === null ? null : `sha256=${r.responseSha256}`,
    ex_ante: r.exAnte,
    point: r.mean,
    range: r.range,
    mean_interval: r.meanInterval,
    probability_up: r.probabilityUp,
    baseline_mean: r.baselineMean,
    status: r.status,
    pending_reason: r.pendingReason,
    outcome_date: r.score?.outcomeDate ?? null,
    realised: r.score?.realised ?? null,
  };
}

export const REPLAY_LABEL =
  `REPLAY, not a record of sales: the same forecast code run walk-forward over the stored daily history, every ${REPLAY_EVERY_BARS} ` +
  `trading days from bar ${REPLAY_FIRST_BAR} (each route's decision dates under routes), each decision from the bars up to its date only`;

const METHOD =
  "Every paid forecast-like answer (get_patterns' evidence, forward_distribution, api_backtest, regime_detection, position_size, " +
  "pattern_backtest's pending triggers, playbook, macro_analog; trading signals as the trading routes log them) is logged once per " +
  "route, series, canonical inputs, as-of bar and horizon, with the sha256 of the first sale's signed body; buying it again adds nothing. " +
  "When the stored bars pass the horizon (the last close at or before as-of + h calendar days, as analog outcomes are measured; h bars " +
  "for pattern_backtest) the forecast is scored: realised return (a change in points for the 10-year yield), inside the outcome range " +
  "(the analogs' P10 to P90) or not, inside the 90% interval of the mean or not, sign right or not against the baseline's sign on the " +
  "same row, Brier score of the analogs' hit rate as the probability of a rise, and the analogs' dispersion against the trailing " +
  "60-bar volatility as forecasts of the realised volatility (daily log returns' std times the square root of their count). Forecasts " +
  "of a past window whose outcome was already in the history they read are logged but never counted (retrospective). The record's " +
  "own intervals are 95% (Wilson for rates, Student t for means) and treat rows as independent; rows of one date across assets, and " +
  "horizons longer than the spacing of decisions, are not, so those intervals are too narrow.";

export function trackRecordRoute(service: TrackRecordService, replayed: readonly ReplayedRoute[]): RouteModule {
  return {
    route: findCatalogRoute("api_track_record"),
    contract: trackRecordContract,
    handle: async (params: TrackRecordParams) => {
      const record = await service.record();
      const hash = params.response_hash?.replace(/^sha256=/, "");
      const forecasts = hash === undefined ? [] : await service.byResponseHash(hash);
      return {
        title: "Precedent track record: every forecast sold, scored against the baseline a buyer has for free",
        generated_at: new Date(record.generatedAtMs).toISOString(),
        source: service.priceSource,
        live: { rows: record.live.rows, groups: record.live.groups.map(groupWire) },
        replay: {
          label: REPLAY_LABEL,
          rows: record.replay.rows,
          decision_every_bars: REPLAY_EVERY_BARS,
          first_decision_bar: REPLAY_FIRST_BAR,
          routes: replayed.map((r) => ({ route: r.route, inputs: r.defaults, decisions: r.decisions })),
          groups: record.replay.groups.map(groupWire),
        },
        forecasts: forecasts.map(forecastWire),
        method: METHOD,
      };
    },
  };
}
