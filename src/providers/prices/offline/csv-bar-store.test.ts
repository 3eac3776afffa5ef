import { mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync, copyFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import { dailyColumnsBytes } from "../../../domain/daily-columns.js";
import { describeWithShared, SHARED_DAILY_DIR } from "../../../../test/support/replay-fetch.js";
import { CsvBarStore } from "./csv-bar-store.js";

const HEADER = "date,open,high,low,close,volume";
const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "columns-"));
  temporary.push(dir);
  return dir;
}

/** The oracle: each row of the text read on its own (split, Number), nothing shared with the store's parser. */
function rowsOf(text: string): number[][] {
  return text
    .split("\n")
    .slice(1)
    .filter((line) => line.trim() !== "")
    .map((line) => {
      const [date, ...cells] = line.trim().split(",");
      return [Date.parse(`${date}T00:00:00Z`) / 86_400_000, ...cells.map((cell) => (cell === "" ? Number.NaN : Number(cell)))];
    });
}

/** Cells that differ (Object.is: NaN equals NaN, a value must be the same float), as "row:column" (fast on 17 files). */
function differences(actual: number[][], expected: number[][]): string[] {
  const out: string[] = actual.length === expected.length ? [] : [`rows ${actual.length} != ${expected.length}`];
  expected.forEach((row, r) => row.forEach((value, c) => Object.is(actual[r]?.[c], value) || out.push(`${r}:${c}`)));
  return out;
}

function rowsFromColumns(columns: NonNullable<Awaited<ReturnType<CsvBarStore["columns"]>>>): number[][] {
  return Array.from(columns.days, (day, i) => [day, columns.open[i], columns.high[i], columns.low[i], columns.close[i], columns.volume[i]]);
}

describeWithShared("CsvBarStore on ../shared/datasets/daily", () => {
  it("returns exactly every file's values, parsed and again from the binary cache, and each file's last date from its tail", async () => {
    const cacheDir = tempDir();
    const files = readdirSync(SHARED_DAILY_DIR).filter((name) => name.endsWith(".csv"));
    expect(files).toHaveLength(17);
    const parsing = new CsvBarStore({ dir: SHARED_DAILY_DIR, cacheDir });
    const fromCache = new CsvBarStore({ dir: SHARED_DAILY_DIR, cacheDir });
    for (const file of files) {
      const stem = file.slice(0, -4);
      const expected = rowsOf(readFileSync(path.join(SHARED_DAILY_DIR, file), "utf8"));
      expect(differences(rowsFromColumns((await parsing.columns(stem))!), expected)).toEqual([]);
      expect(readdirSync(cacheDir)).toContain(`${stem}.columns`);
      expect(differences(rowsFromColumns((await fromCache.columns(stem))!), expected)).toEqual([]);
      const lastDay = expected.at(-1)![0]! * 86_400_000;
      expect(await parsing.lastDate(stem)).toBe(new Date(lastDay).toISOString().slice(0, 10));
    }
  });
});

it("rebuilds the binary cache when the CSV's size or mtime changes, and ignores a cache file that is not one", async () => {
  const dir = tempDir();
  const cacheDir = tempDir();
  const file = path.join(dir, "AAA.csv");
  writeFileSync(file, `${HEADER}\n2024-01-02,1,2,0.5,1.5,10\n`);
  expect(Array.from((await new CsvBarStore({ dir, cacheDir }).columns("AAA"))!.close)).toEqual([1.5]);
  writeFileSync(file, `${HEADER}\n2024-01-02,1,2,0.5,1.75,10\n2024-01-03,1,2,0.5,2,\n`);
  utimesSync(file, new Date(), new Date(Date.now() + 5_000));
  const changed = (await new CsvBarStore({ dir, cacheDir }).columns("AAA"))!;
  expect(Array.from(changed.close)).toEqual([1.75, 2]);
  expect(Number.isNaN(changed.volume[1])).toBe(true);
  writeFileSync(path.join(cacheDir, "AAA.columns"), "not columns");
  expect(Array.from((await new CsvBarStore({ dir, cacheDir }).columns("AAA"))!.close)).toEqual([1.75, 2]);
  expect(await new CsvBarStore({ dir, cacheDir }).columns("NONE")).toBeNull();
});

it("holds columns up to its byte bound, dropping the least recently used and reading them again on use", async () => {
  const dir = tempDir();
  const rows = (n: number, base: number) => Array.from({ length: n }, (_, i) => `${new Date(Date.UTC(2020, 0, 1 + i)).toISOString().slice(0, 10)},1,1,1,${base + i},`);
  for (const [stem, base] of [["A", 100], ["B", 200], ["C", 300]] as const) writeFileSync(path.join(dir, `${stem}.csv`), [HEADER, ...rows(100, base)].join("\n"));
  const store = new CsvBarStore({ dir, maxHeldBytes: 2 * dailyColumnsBytes(100) });
  await store.columns("A");
  await store.columns("B");
  await store.columns("A"); // A is now the most recent
  await store.columns("C"); // over the bound: B goes
  expect(store.heldHistories()).toEqual({ entries: 2, bytes: 2 * dailyColumnsBytes(100) });
  const again = (await store.columns("B"))!;
  expect([again.close[0], again.close[99]]).toEqual([200, 299]);
  expect(store.heldHistories().entries).toBe(2);
});

it("copies of one folder into a second directory read the same (no absolute path kept in the cache)", async () => {
  const dir = tempDir();
  const cacheDir = tempDir();
  writeFileSync(path.join(dir, "X.csv"), `${HEADER}\n2024-01-02,1,2,0.5,1.5,10\n`);
  await new CsvBarStore({ dir, cacheDir }).columns("X");
  const other = tempDir();
  copyFileSync(path.join(dir, "X.csv"), path.join(other, "X.csv"));
  // Another mtime: the cache built from the first copy is not this file's, so it is parsed, with the same values.
  utimesSync(path.join(other, "X.csv"), new Date(), new Date(Date.now() + 10_000));
  expect(Array.from((await new CsvBarStore({ dir: other, cacheDir }).columns("X"))!.close)).toEqual([1.5]);
});
