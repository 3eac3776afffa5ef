/**
 * One plain sentence and the few figures it rests on, from the body of the route /analyze called. The whole
 * answer is the route's own (call it for everything): /analyze returns only what the sentence needs.
 */
export interface Summary {
  answer: string;
  data: Record<string, unknown>;
}

type Body = Record<string, any>;

const pct = (x: unknown) => (typeof x === "number" ? `${(x * 100).toFixed(1)}%` : "n/a");
const num = (x: unknown, digits = 2) => (typeof x === "number" ? x.toFixed(digits) : "n/a");

/** Scalars at the top of a body: the fallback summary of a route without its own sentence. */
function topScalars(body: Body): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v === null || ["string", "number", "boolean"].includes(typeof v)).slice(0, 12));
}

function excessWords(excess: Body | undefined): string {
  if (excess === undefined || typeof excess.low !== "number" || typeof excess.high !== "number") return "too few independent cases for an interval of the excess over baseline";
  const straddles = excess.low <= 0 && excess.high >= 0;
  return `excess over the baseline ${pct(excess.mean)} (90% ${pct(excess.low)} to ${pct(excess.high)})${straddles ? ", an interval that straddles zero: no edge shown" : ""}`;
}

function horizonSentence(ticker: string, lead: string, h: Body): string {
  return `${lead} ${ticker} moved ${pct(h.mean)} on average over the next ${h.horizon_days} days (median ${pct(h.p50)}, up ${pct(h.hit_rate)} of the time, ${h.n_independent ?? h.n} independent cases); ${excessWords(h.excess_over_baseline)}.`;
}

const SENTENCES: ReadonlyMap<string, (b: Body) => Summary> = new Map<string, (b: Body) => Summary>([
  [
    "forward_distribution",
    (b) => ({
      answer: horizonSentence(b.ticker, `After the ${b.analogs_found} closest analogs of its window ${b.window?.first_date} to ${b.window?.last_date} (${pct(b.window?.return)}),`, b.horizons[0]),
      data: { window: b.window, analogs_found: b.analogs_found, horizons: b.horizons.map((h: Body) => ({ horizon_days: h.horizon_days, n_independent: h.n_independent, mean: h.mean, p50: h.p50, hit_rate: h.hit_rate, excess_over_baseline: h.excess_over_baseline })) },
    }),
  ],
  [
    "api_backtest",
    (b) => ({
      answer: horizonSentence(b.ticker, `After the ${b.analogs_found} closest analogs of its latest ${b.window?.bars} bars (to ${b.window?.last_date}),`, b.horizons[0]),
      data: { window: b.window, horizons: b.horizons.map((h: Body) => ({ horizon_days: h.horizon_days, n_independent: h.n_independent, mean: h.mean, hit_rate: h.hit_rate, excess_over_baseline: h.excess_over_baseline })) },
    }),
  ],
  [
    "pattern_backtest",
    (b) => ({
      answer:
        `After ${b.ticker} moved ${b.direction === "at_most" ? "" : "+"}${pct(b.min_return)} ${b.direction === "at_most" ? "or worse" : "or more"} within ${b.lookback_days} bars, ` +
        `it moved ${pct(b.distribution?.mean)} on average over the next ${b.forward_days} bars (median ${pct(b.distribution?.p50)}, up ${pct(b.distribution?.hit_rate)} of the time, ` +
        `${b.n_independent_events} independent of ${b.n_events} events); ${excessWords(b.excess_over_baseline)}.`,
      data: { lookback_days: b.lookback_days, forward_days: b.forward_days, min_return: b.min_return, n_events: b.n_events, n_independent_events: b.n_independent_events, distribution: b.distribution, excess_over_baseline: b.excess_over_baseline },
    }),
  ],
  [
    "regime_detection",
    (b) => ({
      answer: `${b.ticker} is in a ${b.regime?.label} regime over its last ${b.lookback_days} bars to ${b.as_of} (return ${pct(b.regime?.lookback_return)}, annualised volatility ${pct(b.regime?.annualized_vol)}, in the ${pct(b.regime?.vol_percentile)} percentile of its history).`,
      data: { as_of: b.as_of, regime: b.regime, forward_summary: b.forward_summary },
    }),
  ],
  [
    "position_size",
    (b) => ({
      answer: `For ${b.ticker} on the window ${b.window?.first_date} to ${b.window?.last_date}, the sizing rule gives ${pct(b.confidence_adjusted_fraction)} of a $${b.account_size} account ($${num(b.dollar_size, 0)}) over ${b.horizon_days} days. ${b.reason}`,
      data: { window: b.window, account_size: b.account_size, confidence_adjusted_fraction: b.confidence_adjusted_fraction, dollar_size: b.dollar_size, expected_return: b.expected_return, expected_return_low: b.expected_return_low, expected_return_high: b.expected_return_high, stop_reference: b.stop_reference, target_reference: b.target_reference },
    }),
  ],
  [
    "get_latest_price",
    (b) => ({
      answer: `${b.ticker} last closed at ${b.close} on ${b.date} (${pct(b.change_pct)} on the day${b.stale === true ? "; an old bar, not a live quote" : ""}).`,
      data: topScalars(b),
    }),
  ],
  [
    "trading_signal",
    (b) => ({
      answer: `The ${b.horizon_days}-day signal for ${b.ticker} as of ${b.as_of_date} is ${b.direction === "flat" ? "flat (no call)" : `${b.direction} with conviction ${num(b.conviction)}`}; it was logged as ${b.signal_id}.`,
      data: { signal_id: b.signal_id, as_of_date: b.as_of_date, direction: b.direction, conviction: b.conviction, entry: b.entry, stop: b.stop, target: b.target, horizon_days: b.horizon_days },
    }),
  ],
  [
    "api_narrative",
    (b) => {
      const s = b.sentiment ?? {};
      const mood = s.value === null ? `no sentiment reading (${s.reason})` : `${s.label} sentiment (${num(s.value, 3)}) over ${b.news?.headlines?.length ?? 0} headlines`;
      const month = (b.momentum ?? []).find((m: Body) => m.period === "1m");
      return {
        answer: `${b.ticker} news shows ${mood}; its one-month move is ${pct(month?.return)}.`,
        data: { sentiment: { value: s.value, label: s.label, reason: s.reason }, theme: b.theme?.tag ?? null, headlines: b.news?.headlines?.length ?? 0, news_source: b.news?.source, momentum: b.momentum },
      };
    },
  ],
  [
    "earnings_surprise",
    (b) => ({
      answer: `${b.ticker} beat its EPS estimate in ${pct(b.summary?.beat_rate?.value)} of ${b.summary?.beat_rate?.n} quarters; the latest: ${b.quarters?.[0]?.result ?? "n/a"} (surprise ${pct(b.quarters?.[0]?.surprise)}, quarter ending ${b.quarters?.[0]?.fiscal_quarter_end ?? "n/a"}).`,
      data: { quarters: (b.quarters ?? []).map((q: Body) => ({ fiscal_quarter_end: q.fiscal_quarter_end, result: q.result, surprise: q.surprise, reaction: q.reaction })), beat_rate: b.summary?.beat_rate },
    }),
  ],
  [
    "correlation_matrix",
    (b) => {
      const pair = b.strongest_pairs?.[0] ?? b.weakest_pairs?.[0];
      return { answer: `The correlation of ${b.tickers.join(" and ")} daily returns from ${b.start_date} to ${b.end_date} is ${num(pair?.correlation)} (${b.n_returns} shared days).`, data: { start_date: b.start_date, end_date: b.end_date, n_returns: b.n_returns, pair } };
    },
  ],
]);

/** The sentence for a route's body; a route without its own names what it called and its top-level figures. */
export function summarize(operationId: string, path: string, body: unknown): Summary {
  const b = (body ?? {}) as Body;
  const own = SENTENCES.get(operationId);
  if (own !== undefined) {
    try {
      return own(b);
    } catch {
      // A body shaped otherwise than expected still answers, with the generic summary.
    }
  }
  return { answer: `${path} answered; its headline figures are in data, and the whole answer is one call to ${path} away.`, data: topScalars(b) };
}
