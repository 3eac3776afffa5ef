import { formatReturn, formatUsdc, histogram, pathBand, rebased } from "./analysis.js";
import { ApiError, type CallRecord } from "./api.js";
import { drawFan, drawHistogram, drawOverlay, drawPriceChart } from "./charts.js";
import type { HistoryCache, SearchResult } from "./search.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function cell(row: HTMLTableRowElement, content: string | Node): void {
  const td = row.insertCell();
  td.append(content);
}

/** Draws the three charts, the caption and the analog table of one search. */
export function showResults(result: SearchResult): void {
  const { input, analogs, patterns } = result;
  $("results").hidden = false;
  $("analog-view").hidden = true;
  const skipped = patterns.universe?.skipped ?? [];
  $("results-summary").textContent =
    `${analogs.length} analogs of ${input.ticker} ${input.start_date} to ${input.end_date} (end exclusive, ${patterns.query.bars} bars, metric ${input.metric})` +
    (patterns.universe === undefined ? ", in its own history." : `, searched in ${patterns.universe.searched.join(", ")}.`) +
    (skipped.length === 0 ? "" : ` Skipped: ${skipped.map((s) => `${s.ticker} (${s.error})`).join("; ")}.`);

  drawOverlay($("overlay-chart"), rebased(result.queryCloses), analogs.map((a) => rebased(a.closes)));
  const paths = analogs.map((a) => a.forward).filter((p) => p.length > 1);
  drawFan($("fan-chart"), paths, pathBand(paths));
  showDistribution(result);

  const body = ($("analogs") as HTMLTableElement).tBodies[0];
  body.replaceChildren();
  analogs.forEach((a, i) => {
    const row = body.insertRow();
    cell(row, String(i + 1));
    cell(row, a.series);
    const link = document.createElement("a");
    link.href = `#analog-${i + 1}`;
    link.textContent = `${a.dates[0]} → ${a.dates.at(-1)}`;
    link.title = `Price chart of ${a.series} around this window`;
    cell(row, link);
    cell(row, a.similarity.toFixed(3));
    cell(row, formatReturn(a.match_return));
    cell(row, formatReturn(a.forward[5]));
    cell(row, formatReturn(a.forward[30]));
  });
}

function showDistribution(result: SearchResult): void {
  const caption = $("distribution-caption");
  const container = $("histogram-chart");
  if (result.distribution instanceof ApiError) {
    container.replaceChildren();
    caption.textContent = `No forward distribution: ${result.distribution.message}`;
    return;
  }
  const horizon = result.distribution.horizons[0];
  const outcomes = result.distribution.analogs
    .map((a) => a.forward[0])
    .filter((f) => f.status === "counted" && f.return !== null)
    .map((f) => f.return as number);
  drawHistogram(container, histogram(outcomes));
  caption.textContent =
    `n = ${horizon.n} outcomes over ${horizon.horizon_days} calendar days after ${result.distribution.analogs_found} analogs of ` +
    `${result.input.ticker}'s own history (/forward_distribution, whole history). P10 ${formatReturn(horizon.p10)}, ` +
    `median ${formatReturn(horizon.p50)}, P90 ${formatReturn(horizon.p90)}.`;
}

/** The row link's target: the analog's own price chart, its window shaded, from the history already bought. */
export function showAnalog(result: SearchResult, rank: number, histories: HistoryCache): void {
  const analog = result.analogs[rank - 1];
  if (analog === undefined) return;
  const view = $("analog-view");
  view.hidden = false;
  const title = $("analog-title");
  title.textContent = `#${rank}: ${analog.series}, ${analog.dates[0]} to ${analog.dates.at(-1)} (similarity ${analog.similarity.toFixed(3)})`;
  drawPriceChart($("analog-chart"), histories.get(analog.series) ?? [], { first: analog.dates[0], last: analog.dates.at(-1) as string });
  title.focus();
}

/** One line per call: what it cost, its settlement receipt, and whether its signature verified. */
export function appendCall(record: CallRecord): void {
  const item = document.createElement("li");
  const parts = [`${record.route}: HTTP ${record.status}`];
  if (record.priceAtomic !== undefined) {
    // Settlement happens only for an answer below 400: an error is quoted and signed for, never charged.
    parts.push(record.receipt === undefined ? `quoted ${formatUsdc(record.priceAtomic)}, not charged` : `price ${formatUsdc(record.priceAtomic)}`);
  }
  if (record.receipt !== undefined) {
    item.dataset.receipt = record.receipt.success ? "settled" : "failed";
    const payer = record.receipt.payer === undefined ? "" : ` from ${record.receipt.payer}`;
    parts.push(`receipt: ${record.receipt.success ? "settled" : "NOT settled"} on ${record.receipt.network}${payer}, transaction ${record.receipt.transaction}`);
  }
  item.textContent = `${parts.join(" · ")} · `;
  if (record.signature !== undefined) {
    item.dataset.signature = record.signature.valid ? "valid" : "invalid";
    const verdict = document.createElement("span");
    verdict.className = record.signature.valid ? "ok" : "bad";
    verdict.textContent = `signature ${record.signature.valid ? "verified" : "NOT verified"} (${record.signature.detail})`;
    item.append(verdict);
  }
  $("call-list").prepend(item);
}
