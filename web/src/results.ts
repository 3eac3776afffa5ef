import { formatReturn, formatUsdc, histogram, pathBand, rebased } from "./analysis.js";
import { ApiError, type CallRecord } from "./api.js";
import { analogColor, drawFan, drawHistogram, drawOverlay, drawPriceChart, type AnalogLines } from "./charts.js";
import { evidenceRows, plainReading, type Horizon } from "./reading.js";
import { FORWARD_DAYS, type HistoryCache, type SearchResult } from "./search.js";

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

function cell(row: HTMLTableRowElement, content: string | Node): HTMLTableCellElement {
  const td = row.insertCell();
  td.append(content);
  return td;
}

/** Hides the results of an earlier search (an error, or a new search under way, must not leave them on show). */
export function clearResults(): void {
  $("results").hidden = true;
}

/** Draws the reading, the evidence, the three charts, the captions and the analog table of one search. */
export function showResults(result: SearchResult): void {
  const { input, analogs, patterns } = result;
  $("results").hidden = false;
  $("analog-view").hidden = true;
  const skipped = patterns.universe?.skipped ?? [];
  const later = analogs.filter((a) => a.afterQuery).length;
  $("results-summary").textContent =
    `${analogs.length} analogs of ${input.ticker} ${input.start_date} to ${input.end_date} (end exclusive, ${patterns.query.bars} bars, metric ${input.metric})` +
    (patterns.universe === undefined ? ", in its own history" : `, searched in ${patterns.universe.searched.join(", ")}`) +
    (input.causal ? ", causal: each window and its 30-day outcome closed before yours started." : ", whole history.") +
    (later === 0 ? "" : ` ${later} of them lie after your window (marked "after"): hindsight, not what anyone knew then; tick Causal to leave them out.`) +
    (skipped.length === 0 ? "" : ` Skipped: ${skipped.map((s) => `${s.ticker} (${s.error})`).join("; ")}.`);
  showReading(result);

  const body = ($("analogs") as HTMLTableElement).tBodies[0];
  const highlight = (index: number | undefined) => {
    for (const [i, row] of [...body.rows].entries()) row.classList.toggle("highlight", i === index);
    for (const lines of charts) lines.highlight(index);
    $("results").dataset.highlight = index === undefined ? "" : String(index + 1);
  };
  const charts: AnalogLines[] = [
    drawOverlay($("overlay-chart"), rebased(result.queryCloses), analogs.map((a) => rebased(a.closes)), highlight),
    drawFan($("fan-chart"), analogs.map((a) => a.forward), pathBand(analogs.map((a) => a.forward).filter((p) => p.length > 1)), highlight),
  ];
  showDistribution(result);
  showFanCaption(result);

  body.replaceChildren();
  analogs.forEach((a, i) => {
    const row = body.insertRow();
    row.addEventListener("mouseenter", () => highlight(i));
    row.addEventListener("mouseleave", () => highlight(undefined));
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.style.background = analogColor(i);
    cell(row, swatch).append(String(i + 1));
    cell(row, a.series);
    const link = document.createElement("a");
    link.href = `#analog-${i + 1}`;
    link.textContent = `${a.dates[0]} → ${a.dates.at(-1)}`;
    link.title = `Price chart of ${a.series} around this window`;
    const dates = cell(row, link);
    if (a.afterQuery) {
      const flag = document.createElement("span");
      flag.className = "flag";
      flag.textContent = "after";
      flag.title = "This window lies after yours: hindsight, not what anyone knew when your window started";
      dates.append(" ", flag);
    }
    cell(row, a.similarity.toFixed(3));
    cell(row, formatReturn(a.match_return));
    cell(row, formatReturn(a.forward[7]));
    cell(row, formatReturn(a.forward[FORWARD_DAYS]));
  });
  // On a phone the results start far below the button: bring them into view.
  if (window.matchMedia("(max-width: 600px)").matches) $("results").scrollIntoView({ block: "start" });
}

/** The 30-day horizon of /forward_distribution: the reading, the evidence block and the histogram come from it. */
function horizonOf(result: SearchResult): Horizon | undefined {
  return result.distribution instanceof ApiError ? undefined : result.distribution.horizons.find((h) => h.horizon_days === FORWARD_DAYS);
}

function showReading(result: SearchResult): void {
  const horizon = horizonOf(result);
  const list = $("evidence");
  list.replaceChildren();
  if (horizon === undefined) {
    $("reading").textContent = `No reading: the forward distribution did not answer (${(result.distribution as ApiError).message}).`;
    $("evidence-source").textContent = "none";
    return;
  }
  $("reading").textContent = plainReading(result.input.ticker, horizon, result.input.causal);
  $("evidence-source").textContent = `/forward_distribution, ${horizon.n} analogs, ${FORWARD_DAYS} calendar days, ${result.input.causal ? "causal" : "whole history"}`;
  for (const [label, value] of evidenceRows(horizon)) {
    list.append(Object.assign(document.createElement("dt"), { textContent: label }), Object.assign(document.createElement("dd"), { textContent: value }));
  }
}

/** Says plainly whether the fan (the search's analogs) and the histogram (the distribution's) show the same windows. */
function sameSetNote(result: SearchResult): string {
  const { input, analogs, distributionK } = result;
  if (result.distribution instanceof ApiError) return "";
  const own = (result.distribution.analogs ?? []).map((a) => a.start_date);
  const shown = analogs.filter((a) => a.series.toUpperCase() === input.ticker.toUpperCase()).map((a) => a.dates[0]);
  const same = own.length === analogs.length && shown.length === analogs.length && shown.every((d) => own.includes(d));
  if (same) return " These are the same analogs as the fan and the table, over the same 30 calendar days.";
  const why =
    input.universe !== undefined
      ? `the distribution counts only ${input.ticker}'s own history, while the search also looked in other series`
      : input.k < distributionK
        ? `the distribution needs at least ${distributionK} analogs, the search asked for ${input.k}`
        : input.causal
          ? "a causal search keeps the closest windows known before yours, while the distribution searches the history before your window"
          : "the two routes picked different windows";
  return ` Not the same windows as the fan and the table (${analogs.length} analogs): ${why}, so their figures can differ.`;
}

function showFanCaption(result: SearchResult): void {
  const band = pathBand(result.analogs.map((a) => a.forward).filter((p) => p.length > FORWARD_DAYS));
  $("fan-caption").textContent =
    `Each grey line is one analog of the table, its closes over the ${FORWARD_DAYS} calendar days after its window (the last close at or before each day, ` +
    `as the API measures outcomes); day ${FORWARD_DAYS} is the "+30 days" column.` +
    (band.length > FORWARD_DAYS ? ` Median at day ${FORWARD_DAYS}: ${formatReturn(band[FORWARD_DAYS].p50)} over ${band[FORWARD_DAYS].n} analogs.` : "");
}

function showDistribution(result: SearchResult): void {
  const caption = $("distribution-caption");
  const container = $("histogram-chart");
  const horizon = horizonOf(result);
  if (result.distribution instanceof ApiError || horizon === undefined) {
    container.replaceChildren();
    caption.textContent = `No forward distribution: ${result.distribution instanceof ApiError ? result.distribution.message : "no 30-day horizon"}`;
    return;
  }
  const at = result.distribution.horizons.indexOf(horizon);
  const outcomes = result.distribution.analogs
    .map((a) => a.forward[at])
    .filter((f) => f.status === "counted" && f.return !== null)
    .map((f) => f.return as number);
  drawHistogram(container, histogram(outcomes));
  caption.textContent =
    `n = ${horizon.n} outcomes over ${horizon.horizon_days} calendar days after ${result.distribution.analogs_found} analogs of ` +
    `${result.input.ticker}'s own history (/forward_distribution, ${result.distribution.causal ? "causal" : "whole history"}). P10 ${formatReturn(horizon.p10)}, ` +
    `median ${formatReturn(horizon.p50)}, P90 ${formatReturn(horizon.p90)}.` +
    sameSetNote(result);
}

/** The row link's target: the analog's own price chart, its window shaded, from the history already bought. */
export function showAnalog(result: SearchResult, rank: number, histories: HistoryCache): void {
  const analog = result.analogs[rank - 1];
  if (analog === undefined) return;
  const view = $("analog-view");
  view.hidden = false;
  const title = $("analog-title");
  title.textContent = `#${rank}: ${analog.series}, ${analog.dates[0]} to ${analog.dates.at(-1)} (distance ${analog.similarity.toFixed(3)}, lower is closer)`;
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
