import { AppError } from "../../../domain/app-error.js";
import { parseIsoDate, type Bar } from "../../../domain/bar.js";

const HEADER = "date,open,high,low,close,volume";
const NUMBER_RE = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

function malformed(label: string, line: number, issue: string): AppError {
  return new AppError("UPSTREAM_SCHEMA_CHANGED", `Offline market data ${label}, line ${line}: ${issue}`);
}

/**
 * Parses a `date,open,high,low,close,volume` file into daily bars (tsMs = midnight UTC of `date`).
 * Strict on purpose: a malformed offline file is a deployment error and must be loud, not a silent
 * gap. Volume may be empty (indices, FX, spot series without volume) and becomes null.
 */
export function parseBarsCsv(text: string, label: string): Bar[] {
  const lines = text.split(/\r?\n/);
  if ((lines[0] ?? "").trim().toLowerCase() !== HEADER) {
    throw malformed(label, 1, `expected header "${HEADER}"`);
  }
  const bars: Bar[] = [];
  for (let i = 1; i < lines.length; i += 1) {
    const line = (lines[i] ?? "").trim();
    if (line === "") continue;
    const lineNo = i + 1;
    const cells = line.split(",");
    if (cells.length !== 6) throw malformed(label, lineNo, `expected 6 fields, got ${cells.length}`);
    const [date, ...rest] = cells.map((c) => c.trim()) as [string, string, string, string, string, string];
    const tsMs = parseIsoDate(date);
    if (Number.isNaN(tsMs)) throw malformed(label, lineNo, `bad date "${date}"`);
    const [open, high, low, close] = rest.slice(0, 4).map((cell) => {
      if (!NUMBER_RE.test(cell)) throw malformed(label, lineNo, `bad price "${cell}"`);
      return Number(cell);
    }) as [number, number, number, number];
    const volumeCell = rest[4] as string;
    if (volumeCell !== "" && !NUMBER_RE.test(volumeCell)) throw malformed(label, lineNo, `bad volume "${volumeCell}"`);
    const previous = bars.at(-1);
    if (previous && tsMs <= previous.tsMs) throw malformed(label, lineNo, `date ${date} is not after the previous row`);
    bars.push({ tsMs, open, high, low, close, volume: volumeCell === "" ? null : Number(volumeCell) });
  }
  return bars;
}
