import { AppError } from "../../../domain/app-error.js";
import { DAY_MS, parseIsoDate, type Bar } from "../../../domain/bar.js";
import { columnsToBars } from "../../../domain/daily-columns.js";
import { allocateHistory, type ColumnarHistory, type SourceVersion } from "./columnar-layout.js";

const HEADER = "date,open,high,low,close,volume";
const NUMBER_RE = /^-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?$/;

function malformed(label: string, line: number, issue: string): AppError {
  return new AppError("UPSTREAM_SCHEMA_CHANGED", `Offline market data ${label}, line ${line}: ${issue}`);
}

/**
 * Parses a `date,open,high,low,close,volume` file straight into columns (no object per bar), laid out as its
 * binary cache (columnar-layout.ts). Strict on purpose: a malformed offline file is a deployment error and must
 * be loud, not a silent gap. Volume may be empty (indices, FX, spot series without volume) and becomes NaN.
 */
export function parseColumnsCsv(text: string, label: string, source: SourceVersion = { sizeBytes: text.length, mtimeMs: 0 }): ColumnarHistory {
  const lines = text.split(/\r?\n/);
  if ((lines[0] ?? "").trim().toLowerCase() !== HEADER) {
    throw malformed(label, 1, `expected header "${HEADER}"`);
  }
  let rows = 0;
  for (let i = 1; i < lines.length; i += 1) if ((lines[i] ?? "").trim() !== "") rows += 1;
  const history = allocateHistory(rows, source);
  const { days, open, high, low, close, volume } = history.columns;
  let row = 0;
  for (let i = 1; i < lines.length; i += 1) {
    const line = (lines[i] ?? "").trim();
    if (line === "") continue;
    const lineNo = i + 1;
    const cells = line.split(",");
    if (cells.length !== 6) throw malformed(label, lineNo, `expected 6 fields, got ${cells.length}`);
    const [date, ...rest] = cells.map((c) => c.trim()) as [string, string, string, string, string, string];
    const tsMs = parseIsoDate(date);
    if (Number.isNaN(tsMs)) throw malformed(label, lineNo, `bad date "${date}"`);
    const [o, h, l, c] = rest.slice(0, 4).map((cell) => {
      if (!NUMBER_RE.test(cell)) throw malformed(label, lineNo, `bad price "${cell}"`);
      return Number(cell);
    }) as [number, number, number, number];
    const volumeCell = rest[4] as string;
    if (volumeCell !== "" && !NUMBER_RE.test(volumeCell)) throw malformed(label, lineNo, `bad volume "${volumeCell}"`);
    const day = tsMs / DAY_MS;
    if (row > 0 && day <= days[row - 1]) throw malformed(label, lineNo, `date ${date} is not after the previous row`);
    days[row] = day;
    open[row] = o;
    high[row] = h;
    low[row] = l;
    close[row] = c;
    volume[row] = volumeCell === "" ? Number.NaN : Number(volumeCell);
    row += 1;
  }
  return history;
}

/** The same file as daily bars (tsMs = midnight UTC of `date`, an empty volume null). */
export function parseBarsCsv(text: string, label: string): Bar[] {
  return columnsToBars(parseColumnsCsv(text, label).columns);
}
