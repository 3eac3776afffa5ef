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

/*
 * History and performance: real answers of the signal log after the service fired /trading/signal for SPY, QQQ
 * and BTC-USD on the shared dataset with its clock set to 2024-06-03, 07-01, 08-01, 09-03 and 10-01 (offline
 * replay, the first instant of each day), and the scoring job ran at 2026-11-23T12:00Z. The ids are random,
 * so the documented-examples test lists these routes as not replayable; test/trading checks the figures.
 */
export const SIGNALS_HISTORY_EXAMPLE = { params: { ticker: "SPY", limit: 2 }, response: { ticker: "SPY", since: null, count: 2, signals: [{ id: "sig_af3e27495c2ebaaa2747a75c", fired_at: "2024-10-01T00:00:00.000Z", ticker: "SPY", as_of_date: "2024-10-01", direction: "long" as const, conviction: 0.149964222734865, entry: 563.347595, stop: 548.0589539770428, target: 589.7265331724396, horizon_days: 30, expected_return: 0.008254419907999765, due_date: "2024-10-31", status: "scored" as const, pending_reason: null, outcome: { exit: "horizon" as const, exit_date: "2024-10-31", exit_price: 563.367432, asset_return: 3.5212718002330945e-05, signal_return: 3.5212718002330945e-05, scored_at: "2026-11-23T12:00:00.000Z" } }, { id: "sig_ba018b06662b875223e07929", fired_at: "2024-09-03T00:00:00.000Z", ticker: "SPY", as_of_date: "2024-09-03", direction: "long" as const, conviction: 0.28789494657139353, entry: 545.288391, stop: 535.4350736705115, target: 566.8020462963636, horizon_days: 30, expected_return: 0.010749074851261435, due_date: "2024-10-03", status: "scored" as const, pending_reason: null, outcome: { exit: "stop" as const, exit_date: "2024-09-06", exit_price: 535.4350736705115, asset_return: -0.018069919499695497, signal_return: -0.018069919499695497, scored_at: "2026-11-23T12:00:00.000Z" } }], next_cursor: "MTcyNTMyMTYwMDAwMDpzaWdfYmEwMThiMDY2NjJiODc1MjIzZTA3OTI5" } };

export const TRADING_PERFORMANCE_EXAMPLE = { params: { ticker: "SPY" }, response: { ticker: "SPY", since: null, overall: { n_scored: 5, n_pending: 0, n_flat_scored: 1, n_directional: 4, win_rate: 0.75, average_return: 0.01553472196555547, median_return: 0.0160052211684929, std: 0.03003725789046998, risk_adjusted_ratio: 0.5171817621369567 }, per_ticker: [{ ticker: "SPY", n_scored: 5, n_pending: 0, n_flat_scored: 1, n_directional: 4, win_rate: 0.75, average_return: 0.01553472196555547, median_return: 0.0160052211684929, std: 0.03003725789046998, risk_adjusted_ratio: 0.5171817621369567 }], risk_adjusted_formula: "risk_adjusted_ratio = mean(signal_return) / std(signal_return) over scored long and short signals: a per-trade Sharpe ratio with no risk-free rate and no annualisation (horizons differ between signals).", mode: "live" as const } };
