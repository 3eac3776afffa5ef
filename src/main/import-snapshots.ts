import fs from "node:fs";
import path from "node:path";
import { cnnAnswerTimeMs, mapCnnGraphData } from "../providers/feeds/cnn/cnn-fear-greed.js";
import { mapArxivAtom } from "../providers/feeds/arxiv/arxiv-atom.js";
import { mapForexFactoryWeek } from "../providers/feeds/forexfactory/forexfactory-calendar.js";
import { mapNasdaqEarnings } from "../providers/feeds/nasdaq/nasdaq-earnings.js";
import { PREPRINT_SORTS, type PreprintSort } from "../domain/feed-vocabulary.js";
import { FUNDAMENTALS_MODULES, mapQuoteSummary } from "../providers/feeds/yahoo/yahoo-fundamentals.js";
import { mapOptionChain } from "../providers/feeds/yahoo/yahoo-options.js";
import { mapEarningsHistory } from "../providers/feeds/yahoo/yahoo-earnings-history.js";
import { ECON_WEEK_KEY, FEED_POLICIES, SINGLE_KEY } from "../services/feeds/feed-policies.js";
import { preprintKey } from "../services/feeds/preprint-service.js";
import type { SnapshotCache } from "../services/feeds/snapshot-cache.js";

/** One stored snapshot produced from one recording. */
export interface ImportedSnapshot {
  file: string;
  source: string;
  key: string;
  fetchedAtMs: number;
}

export interface ImportReport {
  imported: ImportedSnapshot[];
  /** Recordings we could not use, and why (never silently dropped). */
  skipped: Array<{ file: string; reason: string }>;
}

/** One recording turned into snapshots through the live adapter's mapper. */
export type RecordingReader = (file: string) => Array<{ source: string; key: string; fetchedAtMs: number; value: unknown }>;

export interface RecordingKind {
  /** Folder under the recordings directory and the file names it holds (the layout of ../shared/fixtures). */
  folder: string;
  pattern: RegExp;
  read: RecordingReader;
}

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, "utf8")) as unknown;

function requireTime(ms: number | undefined, what: string): number {
  // A snapshot's age is part of the answer: without the recording's own time it is not imported at all.
  if (ms === undefined || !Number.isFinite(ms)) throw new Error(`the recording does not say when it was made (${what})`);
  return ms;
}

/**
 * Recordings whose bodies do not carry the time they were made: the day each was recorded, as
 * ../shared/fixtures/README.md states it (day precision, stored as 00:00 UTC of that day). A recording
 * that is in neither its body nor this table is skipped, not dated by guess.
 */
export const RECORDED_ON: ReadonlyArray<readonly [RegExp, string]> = [
  [/^nasdaq\/earnings-calendar\.date-2024-07-0[123]\.json$/, "2024-07-01"],
  [/^forexfactory\/ff_calendar_thisweek\.week-of-2026-07-26\.json$/, "2026-08-01"],
  [/^forexfactory\/ff_calendar_thisweek\.week-of-2026-08-02\.json$/, "2026-08-07"],
  [/^forexfactory\/ff_calendar_thisweek\.week-of-2026-08-09\.json$/, "2026-08-14"],
  [/^forexfactory\/ff_calendar_thisweek\.week-of-2026-08-16\.json$/, "2026-08-21"],
];

function recordedOnMs(relative: string): number | undefined {
  const day = RECORDED_ON.find(([pattern]) => pattern.test(relative))?.[1];
  return day === undefined ? undefined : Date.parse(`${day}T00:00:00Z`);
}

const relativeName = (file: string) => `${path.basename(path.dirname(file))}/${path.basename(file)}`;

interface YahooRecording {
  response: { status: number; headers?: Record<string, string | string[]>; bodyJson?: Record<string, { result?: unknown[] | null }> };
}

/** A Yahoo envelope's body result and the time Yahoo answered (its Date header). */
function yahooResult(file: string, envelopeKey: "quoteSummary" | "optionChain"): { result: Record<string, unknown>; answeredMs: number } {
  const envelope = readJson(file) as YahooRecording;
  const result = envelope.response.bodyJson?.[envelopeKey]?.result?.[0];
  if (envelope.response.status !== 200 || result === undefined || result === null) throw new Error(`Yahoo answered ${envelope.response.status} without a result`);
  const date = envelope.response.headers?.date;
  const answeredMs = requireTime(typeof date === "string" ? Date.parse(date) : undefined, "response Date header");
  return { result: result as Record<string, unknown>, answeredMs };
}

const KINDS: RecordingKind[] = [
  {
    folder: "cnn-fear-greed",
    pattern: /\.json$/,
    read: (file) => {
      const value = mapCnnGraphData(readJson(file));
      return [{ source: FEED_POLICIES.fearGreed.source, key: SINGLE_KEY, fetchedAtMs: requireTime(cnnAnswerTimeMs(value), "fear_and_greed.timestamp"), value }];
    },
  },
  {
    folder: "nasdaq",
    pattern: /^earnings-calendar\.date-(\d{4}-\d{2}-\d{2})\.json$/,
    read: (file) => {
      const date = /date-(\d{4}-\d{2}-\d{2})\.json$/.exec(file)![1]!;
      const body = readJson(file);
      const fetchedAtMs = requireTime(recordedOnMs(relativeName(file)), "not listed in the fixtures README");
      return [{ source: FEED_POLICIES.earningsCalendar.source, key: date, fetchedAtMs, value: mapNasdaqEarnings(body) }];
    },
  },
  {
    folder: "forexfactory",
    pattern: /^ff_calendar_thisweek\..*\.json$/,
    read: (file) => {
      const fetchedAtMs = requireTime(recordedOnMs(relativeName(file)), "not listed in the fixtures README");
      return [{ source: FEED_POLICIES.economicCalendar.source, key: ECON_WEEK_KEY, fetchedAtMs, value: mapForexFactoryWeek(readJson(file)) }];
    },
  },
  {
    // Golden files {url, status_code, body}; only first-page free-text searches match a search_preprints call.
    folder: "arxiv",
    pattern: /^q_.*\.json$/,
    read: (file) => {
      const golden = readJson(file) as { url: string; status_code: number; body: string };
      const url = new URL(golden.url);
      const query = url.searchParams.get("search_query") ?? "";
      const sortBy = url.searchParams.get("sortBy") ?? "";
      if (golden.status_code !== 200 || url.searchParams.get("start") !== "0" || query === "" || /\b(cat|ti|au|abs):/.test(query)) {
        throw new Error("not a first-page free-text search (search_preprints never asks for it)");
      }
      if (!(PREPRINT_SORTS as readonly string[]).includes(sortBy)) throw new Error(`sortBy ${sortBy} is not one we offer`);
      // The body is the response bytes decoded as latin-1 (fixtures README): undo that to get the UTF-8 text back.
      const result = mapArxivAtom(Buffer.from(golden.body, "latin1").toString("utf8"));
      const key = preprintKey({ query, category: undefined, maxResults: Number(url.searchParams.get("max_results")), sortBy: sortBy as PreprintSort });
      const fetchedAtMs = requireTime(result.answeredAt === null ? undefined : Date.parse(result.answeredAt), "feed <updated>");
      return [{ source: FEED_POLICIES.preprints.source, key, fetchedAtMs, value: result }];
    },
  },
  {
    // One recording per quoteSummary module upstream; the live adapter asks for the four in one request, so
    // the four recordings of a symbol are merged into that one answer (fetched_at: the latest of their times).
    folder: "yahoo",
    pattern: /^quoteSummary-price-.+\.json$/,
    read: (file) => {
      const symbol = /^quoteSummary-price-(.+)\.json$/.exec(path.basename(file))![1]!;
      // A module Yahoo answered 404 for (an ETF has no financialData) is absent from the merged answer, as it
      // would be from a live multi-module answer; the price module is required.
      const parts = FUNDAMENTALS_MODULES.flatMap((m) => {
        const moduleFile = path.join(path.dirname(file), `quoteSummary-${m}-${symbol}.json`);
        if (m !== "price" && (!fs.existsSync(moduleFile) || (readJson(moduleFile) as YahooRecording).response.status === 404)) return [];
        return [yahooResult(moduleFile, "quoteSummary")];
      });
      const merged = Object.assign({}, ...parts.map((p) => p.result)) as Record<string, unknown>;
      const fetchedAtMs = Math.max(...parts.map((p) => p.answeredMs));
      return [{ source: FEED_POLICIES.fundamentals.source, key: symbol, fetchedAtMs, value: mapQuoteSummary(merged) }];
    },
  },
  {
    // The module alone was recorded (the live adapter adds the price module, which only names the quote type).
    folder: "yahoo",
    pattern: /^quoteSummary-earningsHistory-.+\.json$/,
    read: (file) => {
      const symbol = /^quoteSummary-earningsHistory-(.+)\.json$/.exec(path.basename(file))![1]!;
      const { result, answeredMs } = yahooResult(file, "quoteSummary");
      return [{ source: FEED_POLICIES.earningsHistory.source, key: symbol, fetchedAtMs: answeredMs, value: mapEarningsHistory(result, symbol) }];
    },
  },
  {
    // The nearest chain (no date asked); a recording that asked for a date is of a date we would refuse.
    folder: "yahoo",
    pattern: /^options-[A-Z^=.]+(-USD)?\.json$/,
    read: (file) => {
      const symbol = /^options-(.+)\.json$/.exec(path.basename(file))![1]!;
      const { result, answeredMs } = yahooResult(file, "optionChain");
      return [{ source: FEED_POLICIES.options.source, key: `${symbol}|nearest`, fetchedAtMs: answeredMs, value: mapOptionChain(result) }];
    },
  },
];

/**
 * Loads recorded upstream responses (the layout of ../shared/fixtures) into the snapshot store through the
 * same mappers the live adapters use, each with the recording's own time as fetched_at, so a machine without
 * internet serves every route from real answers, honestly dated. Importing twice changes nothing.
 */
/** A recordings directory that is not there, or holds none of the folders recordings live in: nothing to import. */
export class RecordingsNotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RecordingsNotFoundError";
  }
}

export async function importSnapshots(cache: SnapshotCache, dir: string, kinds: RecordingKind[] = KINDS): Promise<ImportReport> {
  const folders = [...new Set(kinds.map((k) => k.folder))];
  const stat = fs.statSync(dir, { throwIfNoEntry: false });
  if (stat?.isDirectory() !== true) throw new RecordingsNotFoundError(`${path.resolve(dir)}: ${stat === undefined ? "no such directory" : "not a directory"}`);
  if (!folders.some((folder) => fs.existsSync(path.join(dir, folder)))) {
    throw new RecordingsNotFoundError(`${path.resolve(dir)}: no recording folder in it (${folders.join("/, ")}/), as ../shared/fixtures has them`);
  }
  const report: ImportReport = { imported: [], skipped: [] };
  for (const kind of kinds) {
    const folder = path.join(dir, kind.folder);
    if (!fs.existsSync(folder)) continue;
    for (const name of fs.readdirSync(folder).sort()) {
      if (!kind.pattern.test(name)) continue;
      const file = path.join(folder, name);
      let snapshots;
      try {
        snapshots = kind.read(file);
      } catch (error) {
        report.skipped.push({ file: path.join(kind.folder, name), reason: error instanceof Error ? error.message : String(error) });
        continue;
      }
      for (const s of snapshots) {
        await cache.record(s.source, s.key, s.fetchedAtMs, s.value);
        report.imported.push({ file: path.join(kind.folder, name), source: s.source, key: s.key, fetchedAtMs: s.fetchedAtMs });
      }
    }
  }
  return report;
}
