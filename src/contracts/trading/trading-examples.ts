// A real answer on the shared daily dataset at 2026-11-23T12:00Z (the id is random on every call, so the
// documented-examples test lists /trading/signal as not replayable).
export const TRADING_SIGNAL_EXAMPLE = {
  params: { ticker: "AAPL", horizon_days: 30 },
  response: {
    signal_id: "sig_acfcbb77c1d934dcea0b6877",
    fired_at: "2026-11-23T12:00:00.000Z",
    ticker: "AAPL",
    as_of_date: "2024-12-06",
    horizon_days: 30,
    direction: "long" as const,
    conviction: 0.11051763876457665,
    score: 0.11051763876457665,
    entry: { price: 242.839996, date: "2024-12-06" },
    stop: 214.89485199011733,
    target: 285.8394029444426,
    expected_return: { mean: 0.0023834004628105533, median: 0.023097378128173363, p10: -0.11507636497359638, p90: 0.17706888343237562, n: 30, n_independent: 28 },
    components: { analog: { window: { first_date: "2024-11-08", last_date: "2024-12-06", bars: 20, return: 0.0699682257235743, last_close: 242.839996 }, analogs_found: 30, mean: 0.0023834004628105533, std: 0.15583392270768587, analog_score: 0.015294490579444304, weight: 0.7, contribution: 0.007888737246239693 }, regime: { trend: "range", volatility: "low", trend_z: 0.928547204213525, lookback_bars: 60, regime_score: 0.4642736021067625, weight: 0.3, contribution: 0.10262890151833697 }, sizing: { shrink: 0.7368421052631579, kelly_full_fraction: 0.09814609241489604, contribution: null }, narrative: null, narrative_reason: "The narrative input (news sentiment and momentum, /api/narrative) is not built yet; the signal uses the analog, regime and sizing inputs only." },
    rules: "score = 0.7 * analog_score 0.0153 * shrink 0.7368 + 0.3 * regime_score 0.4643 * shrink 0.7368 = 0.1105; |score| >= 0.1 and analog mean 0.0024: long.",
    logged: true as const,
    cached: false,
  },
};
