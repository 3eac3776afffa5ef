import { ColorType, createChart, HistogramSeries, LineSeries, type IChartApi, type Time, type UTCTimestamp } from "lightweight-charts";

/** The parts of /api/track-record this page shows (the contract in src/contracts/track-record is the reference). */
interface Proportion {
  n: number;
  rate: number | null;
  low: number | null;
  high: number | null;
}
interface MeanFigure {
  n: number;
  mean: number | null;
  low: number | null;
  high: number | null;
}
interface Group {
  route: string;
  horizon: number;
  horizon_unit: string;
  series: number;
  scored: number;
  pending: number;
  retrospective: number;
  range_coverage: Proportion & { nominal: number | null };
  mean_interval_coverage: Proportion & { nominal: number | null };
  hit_rate: Proportion;
  baseline_hit_rate: Proportion;
  realised_excess: MeanFigure;
  directional_excess: MeanFigure;
  brier: { n: number; forecast: number | null; baseline: number | null };
  calibration: { low: number; high: number; n: number; mean_p: number | null; observed: number | null }[];
  volatility: { n: number; analogs_log_error: number | null; trailing_log_error: number | null };
}
interface ReplayedRoute {
  route: string;
  inputs: Record<string, unknown>;
  decisions: string;
}
interface TrackRecord {
  live: { rows: number; groups: Group[] };
  replay: { label: string; rows: number; groups: Group[]; routes: ReplayedRoute[] };
  method: string;
}

const $ = (id: string) => document.getElementById(id)!;
const pct = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);
const signedPct = (x: number | null) => (x === null ? "–" : `${x >= 0 ? "+" : ""}${(x * 100).toFixed(2)}%`);
const withInterval = (p: Proportion) => (p.rate === null ? "–" : `${pct(p.rate)} (${pct(p.low)} to ${pct(p.high)}, n ${p.n})`);
const meanWithInterval = (m: MeanFigure) => (m.mean === null ? "–" : `${signedPct(m.mean)} (${signedPct(m.low)} to ${signedPct(m.high)})`);
const horizonText = (g: Group) => `${g.horizon} ${g.horizon_unit === "bars" ? "bars" : "days"}`;

const COLUMNS: [string, (g: Group) => string][] = [
  ["Route", (g) => g.route],
  ["Horizon", horizonText],
  ["Series", (g) => String(g.series)],
  ["Scored", (g) => String(g.scored)],
  ["Pending", (g) => String(g.pending)],
  ["In range (nominal)", (g) => (g.range_coverage.rate === null ? "no range" : `${withInterval(g.range_coverage)} vs ${pct(g.range_coverage.nominal)}`)],
  ["Hit rate", (g) => withInterval(g.hit_rate)],
  ["Baseline hit rate", (g) => withInterval(g.baseline_hit_rate)],
  ["Realised excess", (g) => meanWithInterval(g.realised_excess)],
  ["Directional excess", (g) => meanWithInterval(g.directional_excess)],
  ["Brier (baseline)", (g) => (g.brier.forecast === null ? "–" : `${g.brier.forecast.toFixed(3)} (${g.brier.baseline!.toFixed(3)})`)],
  ["Vol error: analogs / trailing", (g) => (g.volatility.analogs_log_error === null ? "–" : `${g.volatility.analogs_log_error.toFixed(3)} / ${g.volatility.trailing_log_error!.toFixed(3)}`)],
];

function fillTable(table: HTMLElement, groups: readonly Group[]): void {
  const head = document.createElement("tr");
  for (const [name] of COLUMNS) head.append(Object.assign(document.createElement("th"), { textContent: name }));
  const rows = groups.map((g) => {
    const tr = document.createElement("tr");
    for (const [, cell] of COLUMNS) tr.append(Object.assign(document.createElement("td"), { textContent: cell(g) }));
    return tr;
  });
  table.replaceChildren(head, ...rows);
}

/** The replayed routes: each one's default query and decision dates, and how many of its forecasts are scored. */
function fillRoutes(table: HTMLElement, routes: readonly ReplayedRoute[], groups: readonly Group[]): void {
  const cell = (text: string) => Object.assign(document.createElement("td"), { textContent: text });
  const head = document.createElement("tr");
  for (const name of ["Route", "Scored", "Decisions", "Parameters"]) head.append(Object.assign(document.createElement("th"), { textContent: name }));
  const rows = routes.map((r) => {
    const scored = groups.filter((g) => g.route === r.route).reduce((sum, g) => sum + g.scored, 0);
    const parameters = Object.entries(r.inputs)
      .map(([key, value]) => `${key}=${Array.isArray(value) ? value.join(",") : String(value)}`)
      .join(" ");
    const tr = document.createElement("tr");
    tr.append(cell(r.route), cell(String(scored)), cell(r.decisions), cell(parameters));
    return tr;
  });
  table.replaceChildren(head, ...rows);
}

/** A chart whose x axis counts items (routes, bins) rather than dates, labelled by `label`. */
function itemChart(container: HTMLElement, label: (i: number) => string): IChartApi {
  container.replaceChildren();
  const format = (time: Time) => label((time as number) - 1);
  return createChart(container, {
    autoSize: true,
    layout: { attributionLogo: false, background: { type: ColorType.Solid, color: "#0f172a" }, textColor: "#cbd5e1" },
    grid: { vertLines: { color: "#1e293b" }, horzLines: { color: "#1e293b" } },
    localization: { timeFormatter: format, priceFormatter: (v: number) => `${v.toFixed(0)}%` },
    timeScale: { tickMarkFormatter: format, fixLeftEdge: true, fixRightEdge: true },
    handleScroll: false,
    handleScale: false,
  });
}
const at = (i: number) => (i + 1) as UTCTimestamp;

function drawCoverage(groups: readonly Group[]): void {
  const ranged = groups.filter((g) => g.range_coverage.rate !== null);
  const chart = itemChart($("coverage-chart"), (i) => (ranged[i] === undefined ? "" : `${ranged[i].route} ${horizonText(ranged[i])}`));
  chart.addSeries(HistogramSeries, { color: "#38bdf8", priceLineVisible: false }).setData(ranged.map((g, i) => ({ time: at(i), value: g.range_coverage.rate! * 100 })));
  chart.addSeries(LineSeries, { color: "#f59e0b", lineWidth: 2, priceLineVisible: false, title: "nominal" }).setData(ranged.map((g, i) => ({ time: at(i), value: (g.range_coverage.nominal ?? 0) * 100 })));
  chart.timeScale().fitContent();
  $("coverage-legend").textContent = ranged.map((g) => `${g.route} ${horizonText(g)}: ${withInterval(g.range_coverage)}`).join(" · ");
}

/** Every group's bins pooled: per bin, the forecasts' mean probability and the observed share of rises. */
function drawCalibration(groups: readonly Group[]): void {
  const bins = Array.from({ length: 10 }, (_, k) => ({ k, n: 0, p: 0, yes: 0 }));
  for (const g of groups) {
    for (const [k, b] of g.calibration.entries()) {
      if (b.n === 0 || b.mean_p === null || b.observed === null) continue;
      bins[k].n += b.n;
      bins[k].p += b.mean_p * b.n;
      bins[k].yes += b.observed * b.n;
    }
  }
  const used = bins.filter((b) => b.n > 0);
  const chart = itemChart($("calibration-chart"), (i) => (i >= 0 && i < 10 ? `p ${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}` : ""));
  chart.addSeries(LineSeries, { color: "#38bdf8", lineWidth: 1, priceLineVisible: false, title: "forecast" }).setData(used.map((b) => ({ time: at(b.k), value: (b.p / b.n) * 100 })));
  chart.addSeries(LineSeries, { color: "#f59e0b", lineWidth: 3, priceLineVisible: false, title: "observed" }).setData(used.map((b) => ({ time: at(b.k), value: (b.yes / b.n) * 100 })));
  chart.timeScale().fitContent();
}

async function main(): Promise<void> {
  const status = $("record-status");
  try {
    const res = await fetch("/api/track-record", { headers: { accept: "application/json" } });
    if (res.status !== 200) throw new Error(`the record answered HTTP ${res.status}`);
    const record = (await res.json()) as TrackRecord;
    $("live-summary").textContent =
      record.live.rows === 0 ? "No forecast has been sold on this node yet." : `${record.live.rows} distinct forecasts sold and logged.`;
    fillTable($("live-table"), record.live.groups);
    $("replay-label").textContent = `${record.replay.label}. ${record.replay.rows} replayed forecasts.`;
    fillTable($("replay-table"), record.replay.groups);
    fillRoutes($("replay-routes"), record.replay.routes, record.replay.groups);
    drawCoverage(record.replay.groups);
    drawCalibration(record.replay.groups);
    $("method").textContent = record.method;
    status.textContent = record.replay.rows === 0 ? "The replay has not run on this node yet (it starts with the service and continues in the background)." : "";
  } catch (error) {
    status.textContent = `The record could not be loaded: ${error instanceof Error ? error.message : String(error)}`;
  }
}

void main();
