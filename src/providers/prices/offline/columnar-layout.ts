import type { DailyColumns } from "../../../domain/daily-columns.js";

/**
 * One history's columns in one SharedArrayBuffer, laid out exactly as its binary cache file: a 32-byte header
 * (magic, the CSV's size and mtime that the file was built from, the bar count, as float64s after the magic),
 * the days as int32 (padded to 8 bytes), then open, high, low, close and volume as float64. The same bytes serve
 * as memory and as the file, so writing the cache is one write and reading it is one read, no parse; and being
 * shared memory, a column posted to a search worker is handed over, not copied.
 */
/** A fixed tag ahead of the header: a file that does not start with it is not a cache file. */
const MAGIC = 0x314c4f43_4e525031n;
const HEADER_BYTES = 32;
const FLOAT_COLUMNS = 5;

/** Which CSV a cache file was built from: a changed size or mtime means the CSV changed and the cache is stale. */
export interface SourceVersion {
  sizeBytes: number;
  mtimeMs: number;
}

export interface ColumnarHistory {
  columns: DailyColumns;
  /** The whole buffer, header included: what the binary cache file holds. */
  bytes: Uint8Array;
}

function daysBytes(length: number): number {
  return Math.ceil((length * 4) / 8) * 8;
}

export function layoutBytes(length: number): number {
  return HEADER_BYTES + daysBytes(length) + FLOAT_COLUMNS * 8 * length;
}

function views(buffer: SharedArrayBuffer, length: number): DailyColumns {
  let offset = HEADER_BYTES;
  const days = new Int32Array(buffer, offset, length);
  offset += daysBytes(length);
  const column = () => {
    const view = new Float64Array(buffer, offset, length);
    offset += 8 * length;
    return view;
  };
  return { days, open: column(), high: column(), low: column(), close: column(), volume: column() };
}

/** Empty columns of `length` bars, their header naming the CSV version they are built from. */
export function allocateHistory(length: number, source: SourceVersion): ColumnarHistory {
  const buffer = new SharedArrayBuffer(layoutBytes(length));
  const header = new DataView(buffer, 0, HEADER_BYTES);
  header.setBigUint64(0, MAGIC, true);
  header.setFloat64(8, source.sizeBytes, true);
  header.setFloat64(16, source.mtimeMs, true);
  header.setFloat64(24, length, true);
  return { columns: views(buffer, length), bytes: new Uint8Array(buffer) };
}

/**
 * The columns in a cache file's bytes (copied into shared memory), or null when the bytes are not a cache
 * built from exactly this CSV version (another version, a truncated write, not a cache file at all).
 */
export function readHistory(file: Uint8Array, source: SourceVersion): DailyColumns | null {
  if (file.byteLength < HEADER_BYTES) return null;
  const header = new DataView(file.buffer, file.byteOffset, HEADER_BYTES);
  if (header.getBigUint64(0, true) !== MAGIC) return null;
  if (header.getFloat64(8, true) !== source.sizeBytes || header.getFloat64(16, true) !== source.mtimeMs) return null;
  const length = header.getFloat64(24, true);
  if (!Number.isInteger(length) || length < 0 || layoutBytes(length) !== file.byteLength) return null;
  const buffer = new SharedArrayBuffer(file.byteLength);
  new Uint8Array(buffer).set(file);
  return views(buffer, length);
}
