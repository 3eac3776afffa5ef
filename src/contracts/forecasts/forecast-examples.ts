/**
 * Documented examples: real responses of the service on the shared daily dataset (../shared/datasets/daily),
 * recorded from a run with the parameters shown, never invented. A data table, so longer than most files.
 */

/** SPY, the February-March 2020 crash window, its 10 closest analogs. */
export const FORWARD_DISTRIBUTION_EXAMPLE = {
  params: {
    ticker: "SPY",
    start_date: "2020-02-20",
    end_date: "2020-03-20",
    horizon_days: "7,30",
    k: 10,
    metric: "l2" as const,
    causal: false,
  },
  response: {
    ticker: "SPY",
    window: { first_date: "2020-02-20", last_date: "2020-03-19", bars: 21, return: -0.28621449575033364, last_close: 221.65863 },
    history: { first_date: "1993-01-29", last_date: "2025-09-15", bars: 8213 },
    metric: "l2" as const,
    causal: false,
    k: 10,
    analogs_found: 10,
    horizons: [
      { horizon_days: 7, n: 10, mean: 0.011614449773004564, std: 0.01866377887678145, hit_rate: 0.7, p10: -0.011662381059011063, p25: 0.0008662915027561058, p50: 0.010183296083040139, p75: 0.025910000282945156, p90: 0.02901383884624393, min: -0.017480360556825558, max: 0.04142869304645269, n_independent: 10 },
      { horizon_days: 30, n: 10, mean: -0.010180864584723162, std: 0.0520068693896734, hit_rate: 0.3, p10: -0.059534937440683056, p25: -0.04615673618499466, p50: -0.015481227083870674, p75: 0.032537907044869474, p90: 0.04979696505395378, min: -0.09101077127625501, max: 0.0735030407025552, n_independent: 10 },
    ],
    analogs: [
      { rank: 1, start_date: "2021-12-30", end_date: "2022-01-28", similarity: 0.3170868960083004, match_return: -0.07184565637467522, forward: [{ horizon_days: 7, return: 0.0152732756624947, status: "counted" as const }, { horizon_days: 30, return: -0.009503382886902445, status: "counted" as const }] },
      { rank: 2, start_date: "2023-08-31", end_date: "2023-09-29", similarity: 0.3523784215800204, match_return: -0.04743459008678308, forward: [{ horizon_days: 7, return: 0.00481901800629303, status: "counted" as const }, { horizon_days: 30, return: -0.039299999286134146, status: "counted" as const }] },
      { rank: 3, start_date: "2008-06-04", end_date: "2008-07-02", similarity: 0.36684897525242366, match_return: -0.08121236538555154, forward: [{ horizon_days: 7, return: -0.01101593889258723, status: "counted" as const }, { horizon_days: 30, return: -0.00015803521003565635, status: "counted" as const }] },
      { rank: 4, start_date: "2010-04-29", end_date: "2010-05-27", similarity: 0.3674444273323372, match_return: -0.08356781628214183, forward: [{ horizon_days: 7, return: -0.0004512839984228689, status: "counted" as const }, { horizon_days: 30, return: -0.021459071280838904, status: "counted" as const }] },
      { rank: 5, start_date: "1999-07-14", end_date: "1999-08-11", similarity: 0.3682518829727494, match_return: -0.07090323039041524, forward: [{ horizon_days: 7, return: 0.026398316887250806, status: "counted" as const }, { horizon_days: 30, return: 0.043436554463171184, status: "counted" as const }] },
      { rank: 6, start_date: "2002-05-16", end_date: "2002-06-14", similarity: 0.3744932210084412, match_return: -0.08118932672156542, forward: [{ horizon_days: 7, return: -0.017480360556825558, status: "counted" as const }, { horizon_days: 30, return: -0.09101077127625501, status: "counted" as const }] },
      { rank: 7, start_date: "2001-01-30", end_date: "2001-02-28", similarity: 0.3780233863657272, match_return: -0.10050763703290744, forward: [{ horizon_days: 7, return: 0.024445050470028207, status: "counted" as const }, { horizon_days: 30, return: -0.05603762257006395, status: "counted" as const }] },
      { rank: 8, start_date: "2012-10-16", end_date: "2012-11-15", similarity: 0.3828540479616438, match_return: -0.06761022393661265, forward: [{ horizon_days: 7, return: 0.027634410601776294, status: "counted" as const }, { horizon_days: 30, return: 0.04716295664855363, status: "counted" as const }] },
      { rank: 9, start_date: "2002-08-26", end_date: "2002-09-24", similarity: 0.403832812446356, match_return: -0.13207039448120195, forward: [{ horizon_days: 7, return: 0.04142869304645269, status: "counted" as const }, { horizon_days: 30, return: 0.0735030407025552, status: "counted" as const }] },
      { rank: 10, start_date: "2025-02-13", end_date: "2025-03-14", similarity: 0.40918143533938656, match_return: -0.07695203907038328, forward: [{ horizon_days: 7, return: 0.0050933165035855765, status: "counted" as const }, { horizon_days: 30, return: -0.0484423151512815, status: "counted" as const }] },
    ],
    method: "Query: the 21 daily closes 2020-02-20 to 2020-03-19 of SPY (-28.62%). Analogs: the 10 closest (asked for 10) non-overlapping 21-bar windows by z-normalised l2 distance, exact search over all 8213 bars of history (analogs after the query window included); windows spanning a data gap or wrapping around are never used. Outcome of an analog over h calendar days: its last close to the last close at or before h days later, counted only when real history reaches that moment with a close no more than 4 days old and, for an analog before the query, the span ends by the query's first close. Counted outcomes: 7d: n=10 (10 independent), 30d: n=10 (10 independent). Percentiles are type 7; hit rate is the share above zero.",
    cached: false,
    start_date: "2020-02-20",
    end_date: "2020-03-20",
  },
};

/** AAPL (history ends 2024-12-06 in the dataset), the last 20 bars, 10 causal analogs. */
export const API_BACKTEST_EXAMPLE = {
  params: {
    ticker: "AAPL",
    lookback: 20,
    horizon_days: "7,30",
    k: 10,
    metric: "l2" as const,
  },
  response: {
    ticker: "AAPL",
    window: { first_date: "2024-11-08", last_date: "2024-12-06", bars: 20, return: 0.0699682257235743, last_close: 242.839996 },
    history: { first_date: "1980-12-12", last_date: "2024-12-06", bars: 11089 },
    metric: "l2" as const,
    causal: true,
    k: 10,
    analogs_found: 10,
    horizons: [
      { horizon_days: 7, n: 10, mean: -0.004847167415247146, std: 0.04411194674754802, hit_rate: 0.3, p10: -0.041468636898386015, p25: -0.02958127593794177, p50: -0.00799568913350468, p75: 0.01289480371389265, p90: 0.0299729075199205, min: -0.07507466638029936, max: 0.09090866327668201, n_independent: 10 },
      { horizon_days: 30, n: 10, mean: -0.03616017471453632, std: 0.2204682019904293, hit_rate: 0.7, p10: -0.11949080807605617, p25: -0.015662984443109762, p50: 0.02512204145615038, p75: 0.05521995018073467, p90: 0.08763544989058346, min: -0.6466464720999195, max: 0.11526609745137062, n_independent: 10 },
    ],
    analogs: [
      { rank: 1, start_date: "1991-12-09", end_date: "1992-01-07", similarity: 0.19244667974008334, match_return: 0.20356221851708223, forward: [{ horizon_days: 7, return: 0.09090866327668201, status: "counted" as const }, { horizon_days: 30, return: 0.0845653779393849, status: "counted" as const }] },
      { rank: 2, start_date: "2021-06-14", end_date: "2021-07-12", similarity: 0.1958275356210173, match_return: 0.10744912341160373, forward: [{ horizon_days: 7, return: -0.014186381406544601, status: "counted" as const }, { horizon_days: 30, return: 0.01092420806717187, status: "counted" as const }] },
      { rank: 3, start_date: "2005-06-28", end_date: "2005-07-26", similarity: 0.1958634783661667, match_return: 0.1693919891532758, forward: [{ horizon_days: 7, return: -0.010084242030938162, status: "counted" as const }, { horizon_days: 30, return: 0.05569575183711217, status: "counted" as const }] },
      { rank: 4, start_date: "2013-10-01", end_date: "2013-10-28", similarity: 0.20375290668736806, match_return: 0.08590860477335394, forward: [{ horizon_days: 7, return: -0.005907136236071198, status: "counted" as const }, { horizon_days: 30, return: 0.03636215204722548, status: "counted" as const }] },
      { rank: 5, start_date: "2010-03-12", end_date: "2010-04-09", similarity: 0.21342114655051528, match_return: 0.06703436957232811, forward: [{ horizon_days: 7, return: 0.023202267991391468, status: "counted" as const }, { horizon_days: 30, return: -0.024525381946536973, status: "counted" as const }] },
      { rank: 6, start_date: "2000-08-08", end_date: "2000-09-05", similarity: 0.2207173511551603, match_return: 0.3355613587404911, forward: [{ horizon_days: 7, return: -0.07507466638029936, status: "counted" as const }, { horizon_days: 30, return: -0.6466464720999195, status: "counted" as const }] },
      { rank: 7, start_date: "1982-08-04", end_date: "1982-08-31", similarity: 0.22274167532733702, match_return: 0.3980479428842547, forward: [{ horizon_days: 7, return: -0.03471290744840749, status: "counted" as const }, { horizon_days: 30, return: 0.013881930865075276, status: "counted" as const }] },
      { rank: 8, start_date: "2017-01-17", end_date: "2017-02-13", similarity: 0.23378324694841854, match_return: 0.11556579478451501, forward: [{ horizon_days: 7, return: 0.018230926575618422, status: "counted" as const }, { horizon_days: 30, return: 0.05379254521160215, status: "counted" as const }] },
      { rank: 9, start_date: "1989-03-21", end_date: "1989-04-18", similarity: 0.23490273397074166, match_return: 0.1505375461633156, forward: [{ horizon_days: 7, return: -0.0031135648712846686, status: "counted" as const }, { horizon_days: 30, return: 0.11526609745137062, status: "counted" as const }] },
      { rank: 10, start_date: "2003-04-16", end_date: "2003-05-14", similarity: 0.23915161446572375, match_return: 0.40105495916044487, forward: [{ horizon_days: 7, return: -0.037734633622617864, status: "counted" as const }, { horizon_days: 30, return: -0.06091795651784915, status: "counted" as const }] },
    ],
    method: "Query: the 20 daily closes 2024-11-08 to 2024-12-06 of AAPL (+7.00%). Analogs: the 10 closest (asked for 10) non-overlapping 20-bar windows by z-normalised l2 distance, exact search over the 11069 bars before the query window only (walk-forward); windows spanning a data gap or wrapping around are never used. Outcome of an analog over h calendar days: its last close to the last close at or before h days later, counted only when real history reaches that moment with a close no more than 4 days old and, for an analog before the query, the span ends by the query's first close. Counted outcomes: 7d: n=10 (10 independent), 30d: n=10 (10 independent). Percentiles are type 7; hit rate is the share above zero.",
    cached: false,
  },
};

/** AAPL, the last 60 bars up to 2024-12-06. */
export const REGIME_DETECTION_EXAMPLE = {
  params: {
    ticker: "AAPL",
    lookback_days: 60,
  },
  response: {
    ticker: "AAPL",
    as_of: "2024-12-06",
    lookback_days: 60,
    window: { first_date: "2024-09-13", last_date: "2024-12-06", bars: 60, return: 0.09261647085252056, last_close: 242.839996 },
    regime: { label: "range, low volatility", trend: "range" as const, volatility: "low" as const, lookback_return: 0.09261647085252056, daily_vol: 0.012418879209286474, trend_z: 0.928547204213525, bars_per_year: 251, annualized_vol: 0.19675204894619727, vol_percentile: 0.0688177923616808, vol_windows_compared: 10971, trend_z_threshold: 1, vol_percentile_low: 0.25, vol_percentile_high: 0.75 },
    analogs: [
      { rank: 1, start_date: "1992-08-06", end_date: "1992-10-29", similarity: 0.5611182222583613, match_return: 0.21347886587876763, forward: [{ horizon_days: 7, return: 0.03286314331153184, status: "counted" as const }, { horizon_days: 30, return: 0.0610330343730785, status: "counted" as const }] },
      { rank: 2, start_date: "1984-02-07", end_date: "1984-05-02", similarity: 0.6058379883396237, match_return: 0.3678784590341835, forward: [{ horizon_days: 7, return: 0.003781568160782678, status: "counted" as const }, { horizon_days: 30, return: -0.07954515403940243, status: "counted" as const }] },
      { rank: 3, start_date: "1994-07-25", end_date: "1994-10-17", similarity: 0.6122332179132564, match_return: 0.25878453887035846, forward: [{ horizon_days: 7, return: 0.0628936997868641, status: "counted" as const }, { horizon_days: 30, return: 0.02987289786762526, status: "counted" as const }] },
    ],
    forward_summary: [
      { horizon_days: 7, n: 3, n_independent: 3, mean: 0.03317947041972621, median: 0.03286314331153184, hit_rate: 1 },
      { horizon_days: 30, n: 3, n_independent: 3, mean: 0.00378692606710044, median: 0.02987289786762526, hit_rate: 0.6666666666666666 },
    ],
    history: { first_date: "1980-12-12", last_date: "2024-12-06", bars: 11089 },
    method: "Window: the last 60 daily bars of AAPL, 2024-09-13 to 2024-12-06 (+9.26%). Trend: ln(1 + return) = 0.0886 over daily log-return std 1.242% * sqrt(59) = 0.0954 gives trend_z = 0.93; |z| < 1, so range. Volatility: that daily std (19.7% annualised at 251 bars a year) is at or above 6.9% of the 10971 gap-free 60-bar windows up to 2024-12-06, so low (low below 25%, high above 75%). Analogs: the 3 closest earlier 60-bar windows by z-normalised L2 distance (exact causal search, non-overlapping, no data gaps); outcome = return from an analog's last close to the last close at or before 7 and 30 calendar days later, counted only when real history reaches it and it ends by the window's first close (7d n=3, 30d n=3).",
    cached: false,
  },
};

/** SPY, every 20-bar drop of 10% or more, and the 20 bars after it. */
export const PATTERN_BACKTEST_EXAMPLE = {
  params: {
    ticker: "SPY",
    lookback_days: 20,
    forward_days: 20,
    min_return: -0.1,
  },
  response: {
    ticker: "SPY",
    lookback_days: 20,
    forward_days: 20,
    min_return: -0.1,
    direction: "at_most" as const,
    n_events: 136,
    n_independent_events: 19,
    n_pending_events: 0,
    n_dropped_for_gap: 0,
    distribution: { n: 136, mean: 0.04556640589448324, std: 0.09559352299298443, hit_rate: 0.7132352941176471, p10: -0.08069196069256745, p25: -0.01454205985415033, p50: 0.05136915479315862, p75: 0.11955987604288704, p90: 0.15130090793910733, min: -0.24627375568767917, max: 0.23621177013444417 },
    independent_distribution: { n: 19, mean: -0.0003174500729518695, std: 0.09722636542635248, hit_rate: 0.631578947368421, p10: -0.15333756841244536, p25: -0.02524883771464692, p50: 0.03917615677177366, p75: 0.049349461399241124, p90: 0.09692261914608731, min: -0.24627375568767917, max: 0.12464757812535732 },
    baseline: { n: 8133, mean: 0.009156857627046594, std: 0.04423661907227021, hit_rate: 0.6528956104758392, p10: -0.04389565644680895, p25: -0.013127661462333462, p50: 0.014265110933405545, p75: 0.03459923815154076, p90: 0.05479707369665237, min: -0.3098673351208061, max: 0.23621177013444417 },
    recent_events: [
      { date: "1998-08-14", lookback_return: -0.10490203874076642, outcome_date: "1998-09-14", forward_return: -0.025323660539104065 },
      { date: "2000-10-12", lookback_return: -0.10813357849300065, outcome_date: "2000-11-09", forward_return: 0.051878340350503205 },
      { date: "2001-02-28", lookback_return: -0.10050763703290744, outcome_date: "2001-03-28", forward_return: -0.06938491109794975 },
      { date: "2002-07-16", lookback_return: -0.1271900580167421, outcome_date: "2002-08-13", forward_return: -0.017557632271178125 },
      { date: "2002-09-19", lookback_return: -0.1154052439584039, outcome_date: "2002-10-17", forward_return: 0.04682058244797904 },
      { date: "2003-02-07", lookback_return: -0.10117383142029057, outcome_date: "2003-03-10", forward_return: -0.025174014890189778 },
      { date: "2008-01-22", lookback_return: -0.10481067292636248, outcome_date: "2008-02-20", forward_return: 0.039779508337886904 },
      { date: "2008-07-15", lookback_return: -0.10742729635499215, outcome_date: "2008-08-12", forward_return: 0.069096836222867 },
      { date: "2008-09-29", lookback_return: -0.13017550015657786, outcome_date: "2008-10-27", forward_return: -0.24627375568767917 },
      { date: "2008-12-01", lookback_return: -0.15201905502034774, outcome_date: "2008-12-30", forward_return: 0.09234252182990388 },
      { date: "2009-02-02", lookback_return: -0.11166092045371223, outcome_date: "2009-03-03", forward_return: -0.15148958663026058 },
      { date: "2010-05-20", lookback_return: -0.11138664006466015, outcome_date: "2010-06-18", forward_return: 0.04390556392589695 },
      { date: "2011-08-04", lookback_return: -0.11155450621100649, outcome_date: "2011-09-01", forward_return: 0.005654109694103404 },
      { date: "2015-08-25", lookback_return: -0.10538378569427276, outcome_date: "2015-09-23", forward_return: 0.03917615677177366 },
      { date: "2018-12-24", lookback_return: -0.10462112412502322, outcome_date: "2019-01-24", forward_return: 0.12464757812535732 },
      { date: "2020-03-06", lookback_return: -0.10934766752671632, outcome_date: "2020-04-03", forward_return: -0.16072949554118454 },
      { date: "2022-05-09", lookback_return: -0.11037364759347812, outcome_date: "2022-06-07", forward_return: 0.0441267265945775 },
      { date: "2022-09-23", lookback_return: -0.11930238409691662, outcome_date: "2022-10-21", forward_return: 0.017230572559790547 },
      { date: "2025-04-04", lookback_return: -0.12001661491171967, outcome_date: "2025-05-05", forward_return: 0.11524300841082114 },
    ],
    pending_events: [],
    history: { first_date: "1993-01-29", last_date: "2025-09-15", bars: 8213 },
    method: "Trigger at bar t: close[t] / close[t - 20] - 1 <= -10.00%, from closes up to t only. Outcome: close[t + 20] / close[t] - 1. Scanned every bar of SPY's 8213-bar daily history; spans crossing a data gap are left out (0). 136 triggers have a known outcome (mean +4.56%); greedily keeping those whose [t - 20, t + 20] spans share no daily return leaves 19 independent events (mean -0.03%). Baseline over all 8133 bars: mean +0.92%. 0 triggers are pending (outcome not known yet). Percentiles are type 7; hit rate is the share above zero.",
    cached: false,
  },
};

/** SPY, October 2023: a positive edge, so Kelly clamps at 1 and the shrink and confidence scale it. */
export const POSITION_SIZE_EXAMPLE = {
  params: {
    ticker: "SPY",
    start_date: "2023-10-02",
    end_date: "2023-11-01",
    account_size: 10000,
    confidence: 0.5,
    horizon_days: 30,
    k: 10,
    metric: "l2" as const,
    causal: false,
  },
  response: {
    ticker: "SPY",
    start_date: "2023-10-02",
    end_date: "2023-11-01",
    horizon_days: 30,
    account_size: 10000,
    confidence: 0.5,
    window: { first_date: "2023-10-02", last_date: "2023-10-31", bars: 22, return: -0.021319441726016186, last_close: 408.794373 },
    distribution: { horizon_days: 30, n: 10, mean: 0.017221557996654258, std: 0.056999320045710164, hit_rate: 0.7, p10: -0.07018192514747727, p25: 0.00034596757073873663, p50: 0.031771599913253845, p75: 0.05391495410580227, p90: 0.05946230529187438, min: -0.0856433567797078, max: 0.09701575756427294, n_independent: 10 },
    kelly_raw: 5.3006983307837565,
    full_fraction: 1,
    half_fraction: 0.5,
    shrink: 0.5,
    confidence_adjusted_fraction: 0.125,
    dollar_size: 1250,
    stop_reference: { return: -0.07018192514747727, price: 380.1043969134041 },
    target_reference: { return: 0.05946230529187438, price: 433.1022288089264 },
    risk_at_stop_usd: 87.72740643434659,
    k: 10,
    analogs_found: 10,
    metric: "l2" as const,
    causal: false,
    history: { first_date: "1993-01-29", last_date: "2025-09-15", bars: 8213 },
    method: "Query: the 22 daily closes 2023-10-02 to 2023-10-31 of SPY (-2.13%). Analogs: the 10 closest (asked for 10) non-overlapping 22-bar windows by z-normalised l2 distance, exact search over all 8213 bars of history (analogs after the query window included); windows spanning a data gap or wrapping around are never used. Outcome of an analog over h calendar days: its last close to the last close at or before h days later, counted only when real history reaches that moment with a close no more than 4 days old and, for an analog before the query, the span ends by the query's first close. Counted outcomes: 30d: n=10 (10 independent). Percentiles are type 7; hit rate is the share above zero. Sizing over 30 days: Kelly = mean / std^2 = 0.01722 / 0.05700^2 = 5.301, clamped to [0, 1] = 1.000; half = 0.5000; * confidence 0.5 * shrink 0.500 (n_independent / (n_independent + 10)) = 0.1250 of 10000 USD = 1250.00 USD. Stop and target references are P10 and P90 from the window's last close.",
    cached: false,
  },
};
