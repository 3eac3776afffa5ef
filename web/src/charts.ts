import {
  CandlestickSeries,
  ColorType,
  createChart,
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type Time,
  type UTCTimestamp,
} from "lightweight-charts";
import { formatReturn, type BandPoint, type Bar, type HistogramBin } from "./analysis.js";

const QUERY_COLOR = "#f59e0b";
const ANALOG_COLORS = ["#38bdf8", "#a78bfa", "#34d399", "#f472b6", "#60a5fa", "#c084fc", "#2dd4bf", "#fb7185"];
/** The line colour of the analog of index `i` on every chart, and its swatch in the table (the legend). */
export const analogColor = (i: number) => ANALOG_COLORS[i % ANALOG_COLORS.length];
const DIMMED = "rgba(148, 163, 184, 0.25)";

/** One line per analog on a chart: highlighting one thickens it and dims the others; undefined restores them. */
export interface AnalogLines {
  highlight(index: number | undefined): void;
}

/**
 * Analog `i`'s line drawn in its colour; hovering a line reports its index (the table highlights its row). The
 * returned handle highlights a line from outside (a hovered row).
 */
function linkAnalogLines(chart: IChartApi, lines: (ISeriesApi<"Line"> | undefined)[], restColor: (i: number) => string, onHover: (index: number | undefined) => void): AnalogLines {
  let hovered: number | undefined;
  chart.subscribeCrosshairMove((param) => {
    const index = param.hoveredSeries === undefined ? undefined : lines.indexOf(param.hoveredSeries as ISeriesApi<"Line">);
    const now = index === undefined || index < 0 ? undefined : index;
    if (now !== hovered) onHover((hovered = now));
  });
  return {
    highlight(index) {
      lines.forEach((line, i) => line?.applyOptions(index === undefined ? { color: restColor(i), lineWidth: 1 } : i === index ? { color: analogColor(i), lineWidth: 4 } : { color: DIMMED, lineWidth: 1 }));
    },
  };
}
const BAND_FILL = "rgba(56, 189, 248, 0.18)";

/** lightweight-charts with the page's look. Its attribution is the page footer's link (the <style> it injects would break the CSP). */
function baseChart(container: HTMLElement, options: Parameters<typeof createChart>[1] = {}): IChartApi {
  container.replaceChildren();
  return createChart(container, {
    autoSize: true,
    layout: { attributionLogo: false, background: { type: ColorType.Solid, color: "#0f172a" }, textColor: "#cbd5e1" },
    grid: { vertLines: { color: "#1e293b" }, horzLines: { color: "#1e293b" } },
    ...options,
  });
}

/** A chart whose x axis is a step count (bar 0, 1, ...) rather than a date: windows from different years share it. */
function stepChart(container: HTMLElement, label: (step: number) => string): IChartApi {
  const format = (time: Time) => label((time as number) - 1);
  return baseChart(container, {
    localization: { timeFormatter: format, priceFormatter: (v: number) => `${v.toFixed(1)}%` },
    timeScale: { tickMarkFormatter: format, fixLeftEdge: true, fixRightEdge: true },
    handleScroll: false,
    handleScale: false,
  });
}

const at = (step: number) => (step + 1) as UTCTimestamp;
const percentPoints = (values: readonly number[], offset = 0) => values.map((v, i) => ({ time: at(i + offset), value: v * 100 }));

/** The query window (thick) and each analog (thin, in its colour), every one rebased to its first close. */
export function drawOverlay(container: HTMLElement, query: readonly number[], analogs: readonly (readonly number[])[], onHover: (index: number | undefined) => void): AnalogLines {
  const chart = stepChart(container, (step) => `bar ${step}`);
  const lines = analogs.map((path, i) => {
    const line = chart.addSeries(LineSeries, { color: analogColor(i), lineWidth: 1, priceLineVisible: false, lastValueVisible: false });
    line.setData(percentPoints(path));
    return line;
  });
  chart.addSeries(LineSeries, { color: QUERY_COLOR, lineWidth: 3, priceLineVisible: false, title: "query" }).setData(percentPoints(query));
  chart.timeScale().fitContent();
  return linkAnalogLines(chart, lines, analogColor, onHover);
}

const FAN_PATH = "rgba(148, 163, 184, 0.45)";

/**
 * Each analog's path over the calendar days after its last bar (muted, highlighted on hover), the P10-P90 band
 * across them and their median.
 */
export function drawFan(container: HTMLElement, paths: readonly (readonly number[])[], band: readonly BandPoint[], onHover: (index: number | undefined) => void): AnalogLines {
  const chart = stepChart(container, (step) => `+${step} days`);
  const lines = paths.map((path) => {
    if (path.length < 2) return undefined;
    const line = chart.addSeries(LineSeries, { color: FAN_PATH, lineWidth: 1, priceLineVisible: false, lastValueVisible: false, crosshairMarkerVisible: false });
    line.setData(percentPoints(path));
    return line;
  });
  const edge = { color: "#38bdf8", lineWidth: 1, lineStyle: LineStyle.Dashed, priceLineVisible: false } as const;
  const p90 = chart.addSeries(LineSeries, { ...edge, title: "P90" });
  p90.setData(band.map((b) => ({ time: at(b.step), value: b.p90 * 100 })));
  chart.addSeries(LineSeries, { ...edge, title: "P10" }).setData(band.map((b) => ({ time: at(b.step), value: b.p10 * 100 })));
  chart.addSeries(LineSeries, { color: "#f8fafc", lineWidth: 2, priceLineVisible: false, title: "median" }).setData(band.map((b) => ({ time: at(b.step), value: b.p50 * 100 })));
  p90.attachPrimitive(bandPrimitive(chart, p90, band));
  chart.timeScale().fitContent();
  return linkAnalogLines(chart, lines, () => FAN_PATH, onHover);
}

/** Fills between P10 and P90: a series primitive, the library's way to draw what it has no series type for. */
function bandPrimitive(chart: IChartApi, series: ISeriesApi<"Line">, band: readonly BandPoint[]) {
  const renderer = {
    draw: () => undefined,
    drawBackground(target: Parameters<NonNullable<import("lightweight-charts").IPrimitivePaneRenderer["drawBackground"]>>[0]) {
      target.useBitmapCoordinateSpace(({ context, horizontalPixelRatio: h, verticalPixelRatio: v }) => {
        const points = band.map((b) => ({
          x: chart.timeScale().timeToCoordinate(at(b.step)),
          lo: series.priceToCoordinate(b.p10 * 100),
          hi: series.priceToCoordinate(b.p90 * 100),
        }));
        if (points.some((p) => p.x === null || p.lo === null || p.hi === null) || points.length < 2) return;
        context.beginPath();
        points.forEach((p, i) => (i === 0 ? context.moveTo(p.x! * h, p.hi! * v) : context.lineTo(p.x! * h, p.hi! * v)));
        for (const p of [...points].reverse()) context.lineTo(p.x! * h, p.lo! * v);
        context.closePath();
        context.fillStyle = BAND_FILL;
        context.fill();
      });
    },
  };
  return { paneViews: () => [{ renderer: () => renderer }] };
}

/** The forward-return distribution: one column per bin, labelled by its range. */
export function drawHistogram(container: HTMLElement, bins: readonly HistogramBin[]): IChartApi {
  const label = (step: number) => (bins[step] === undefined ? "" : `${formatReturn(bins[step].from)}…${formatReturn(bins[step].to)}`);
  const chart = baseChart(container, {
    localization: { timeFormatter: (t: Time) => label((t as number) - 1), priceFormatter: (v: number) => v.toFixed(0) },
    timeScale: { tickMarkFormatter: (t: Time) => formatReturn(bins[(t as number) - 1]?.from), fixLeftEdge: true, fixRightEdge: true },
    handleScroll: false,
    handleScale: false,
  });
  chart.addSeries(HistogramSeries, { priceLineVisible: false, lastValueVisible: false }).setData(
    bins.map((b, i) => ({ time: at(i), value: b.count, color: (b.from + b.to) / 2 >= 0 ? "#22c55e" : "#ef4444" })),
  );
  chart.timeScale().fitContent();
  return chart;
}

/** A price chart's shaded window, moved from outside when the dates are typed. */
export interface PriceChart {
  select(window: { first: string; last: string }): void;
}

/**
 * Daily candles with a highlighted window. With `onSelect`, dragging across the chart picks a new window
 * (panning by drag is turned off; the mouse wheel still zooms and the date fields stay the keyboard's way).
 */
export function drawPriceChart(
  container: HTMLElement,
  bars: readonly Bar[],
  window: { first: string; last: string } | undefined,
  onSelect?: (first: string, last: string) => void,
): PriceChart {
  const chart = baseChart(container, { handleScroll: onSelect === undefined ? true : { pressedMouseMove: false, mouseWheel: true, horzTouchDrag: false } });
  const candles = chart.addSeries(CandlestickSeries, { upColor: "#22c55e", downColor: "#ef4444", wickUpColor: "#22c55e", wickDownColor: "#ef4444", borderVisible: false });
  candles.setData(bars.map((b) => ({ time: b.date, open: b.open, high: b.high, low: b.low, close: b.close })));
  const shade = document.createElement("div");
  shade.className = "selection";
  container.append(shade);
  const indexes = (w: { first: string; last: string }) => ({ from: bars.findIndex((b) => b.date >= w.first), to: bars.findLastIndex((b) => b.date <= w.last) });
  let selected = window === undefined ? undefined : indexes(window);
  const paint = () => {
    const scale = chart.timeScale();
    if (selected !== undefined && Math.min(selected.from, selected.to) < 0) {
      shade.hidden = true;
      return;
    }
    const x1 = selected === undefined ? null : scale.logicalToCoordinate(Math.min(selected.from, selected.to) as never);
    const x2 = selected === undefined ? null : scale.logicalToCoordinate(Math.max(selected.from, selected.to) as never);
    shade.hidden = x1 === null || x2 === null;
    if (x1 !== null && x2 !== null) Object.assign(shade.style, { left: `${x1 - 3}px`, width: `${Math.max(6, x2 - x1 + 6)}px` });
  };
  chart.timeScale().subscribeVisibleLogicalRangeChange(paint);
  if (selected !== undefined && selected.from >= 0) {
    const span = Math.max(30, selected.to - selected.from);
    chart.timeScale().setVisibleLogicalRange({ from: selected.from - span * 2, to: selected.to + span * 2 });
  } else if (bars.length > 500) {
    chart.timeScale().setVisibleLogicalRange({ from: bars.length - 500, to: bars.length });
  }
  if (onSelect !== undefined) selectByDrag(chart, container, bars, (range) => ((selected = range), paint()), onSelect);
  requestAnimationFrame(paint);
  return {
    select(w) {
      // Reversed or unreadable dates shade nothing (the form says what is wrong).
      selected = w.first <= w.last ? indexes(w) : undefined;
      paint();
    },
  };
}

function selectByDrag(
  chart: IChartApi,
  container: HTMLElement,
  bars: readonly Bar[],
  show: (range: { from: number; to: number }) => void,
  onSelect: (first: string, last: string) => void,
): void {
  const indexAt = (event: PointerEvent) => {
    const logical = chart.timeScale().coordinateToLogical(event.clientX - container.getBoundingClientRect().left);
    return logical === null ? null : Math.max(0, Math.min(bars.length - 1, Math.round(logical)));
  };
  let anchor: number | null = null;
  container.addEventListener("pointerdown", (event) => {
    anchor = indexAt(event);
    if (anchor !== null) show({ from: anchor, to: anchor });
  });
  container.addEventListener("pointermove", (event) => {
    const here = anchor === null ? null : indexAt(event);
    if (anchor !== null && here !== null) show({ from: anchor, to: here });
  });
  container.addEventListener("pointerup", (event) => {
    const here = anchor === null ? null : indexAt(event);
    if (anchor !== null && here !== null && here !== anchor) {
      const [from, to] = anchor < here ? [anchor, here] : [here, anchor];
      onSelect(bars[from].date, bars[to].date);
    }
    anchor = null;
  });
}
