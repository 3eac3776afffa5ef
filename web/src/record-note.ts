/**
 * The track record beside the results: how often the ranges of the route behind the reading (/forward_distribution,
 * 30 days) covered what happened, from the free /api/track-record. Sold forecasts come first; until enough of
 * them are scored, the replay of the same analog forecast (api_backtest: 30 analogs of 20 bars, walk-forward)
 * stands in, and the note says which one it is.
 */

interface Coverage {
  n: number;
  rate: number | null;
  low: number | null;
  high: number | null;
  nominal: number | null;
}
interface Group {
  route: string;
  horizon: number;
  horizon_unit: string;
  scored: number;
  range_coverage: Coverage;
  hit_rate: { rate: number | null };
  baseline_hit_rate: { rate: number | null };
}
export interface TrackRecordBody {
  live: { groups: Group[] };
  replay: { groups: Group[] };
}

/** Fewer scored sales than this, and the replay is shown instead (a rate over a handful says little). */
const ENOUGH_SCORED = 30;
const pct = (x: number | null) => (x === null ? "–" : `${Math.round(x * 100)}%`);

const find = (groups: readonly Group[], route: string, horizon: number) =>
  groups.find((g) => g.route === route && g.horizon === horizon && g.horizon_unit !== "bars" && g.range_coverage.rate !== null);

/** One or two sentences on the record of 30-day analog ranges, or why there is none yet. */
export function recordNote(record: TrackRecordBody, horizon: number): string {
  const live = find(record.live.groups, "forward_distribution", horizon);
  const chosen = live !== undefined && live.scored >= ENOUGH_SCORED ? { group: live, what: "sold /forward_distribution forecasts" } : undefined;
  const replay = find(record.replay.groups, "api_backtest", horizon);
  const shown = chosen ?? (replay === undefined ? undefined : { group: replay, what: "replayed analog forecasts (the same search run walk-forward; a replay, not sales)" });
  if (shown === undefined) return "No scored forecast of this kind yet on this node.";
  const c = shown.group.range_coverage;
  return (
    `Over ${c.n} ${shown.what} at ${horizon} days, the analogs' P10–P90 range held what happened ${pct(c.rate)} of the time ` +
    `(95% interval ${pct(c.low)} to ${pct(c.high)}; ${pct(c.nominal)} if the ranges were right). Their direction was right ` +
    `${pct(shown.group.hit_rate.rate)} of the time, against ${pct(shown.group.baseline_hit_rate.rate)} for the baseline's.` +
    (live !== undefined && chosen === undefined ? ` Sold forecasts scored so far: ${live.scored}.` : "")
  );
}

let loaded: Promise<TrackRecordBody> | undefined;

/** The free record, fetched once per page. */
export function trackRecord(): Promise<TrackRecordBody> {
  loaded ??= fetch("/api/track-record", { headers: { accept: "application/json" } }).then(async (res) => {
    if (res.status !== 200) throw new Error(`the record answered HTTP ${res.status}`);
    return (await res.json()) as TrackRecordBody;
  });
  loaded.catch(() => (loaded = undefined));
  return loaded;
}
