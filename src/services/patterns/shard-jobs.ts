/**
 * A universe search past one node (DATABASE_URL): above a configured number of series, the list is cut into
 * shard jobs on the shared job queue (pg-boss, src/jobs/pg-boss-shard-queue.ts), which the workers of every
 * node take; each node runs its shards on its own search workers, reading the histories from the shared bar
 * store, and the node that was asked merges the shards' top-k lists (core/merge-shards.ts: the merge is the
 * one-list answer, ties included). A job names each history by ticker, bar count and fingerprint rather than
 * carrying its bars, so a job is a few kilobytes; a node whose stored copy of a history differs from the asking
 * node's (a tail refreshed between the two loads) says so, and the asking node runs that shard itself. The
 * answer is therefore always the one a single node gives.
 */
import type { Metric } from "../../analytics/analog-search.js";
import { gapBreaks, type PriceSeries } from "../../analytics/price-series.js";
import { columnFingerprint } from "../../core/column-fingerprint.js";
import { mergeShardMatches } from "../../core/merge-shards.js";
import type { ScoredMatch } from "../../core/select-matches.js";
import type { Timeframe } from "../../domain/bar.js";
import { cutBySize, type ShardExecutor, type UniverseShard } from "./universe-search.js";

/** One shard on the queue: the query's values and the shard's histories by name; never bars. */
export interface ShardJob {
  timeframe: Timeframe;
  /** The query window's closes, exact through JSON (a double's shortest decimal form reads back as that double). */
  query: number[];
  m: number;
  k: number;
  metric: Metric;
  wrap: boolean;
  series: ShardJobSeries[];
}

export interface ShardJobSeries {
  ticker: string;
  /** How many bars of the history the asking node searched (a node holding more searches these only). */
  bars: number;
  /** columnFingerprint of those bars' times and closes. */
  fingerprint: string;
  /** The series' position in the whole universe list (the merge's tie order). */
  position: number;
  exclude: [number, number] | null;
}

/** A shard's answer: its top-k, or the tickers whose stored history differs from the asking node's. */
export type ShardOutput = { matches: ScoredMatch[] } | { stale: string[] };

/** The queue as the service sees it (implemented on pg-boss in src/jobs). */
export interface ShardQueue {
  /**
   * Sends the jobs and resolves with each one's output, in order, once all have completed on whichever nodes
   * took them. A job that fails is retried by the queue; one failed past its retries, or a wait longer than
   * the queue's timeout, rejects with a 503 AppError carrying Retry-After (the unfinished jobs are deleted).
   */
  runAll(jobs: readonly ShardJob[]): Promise<ShardOutput[]>;
}

export interface ShardJobOptions {
  /** Lists of more series than this become shard jobs; smaller ones stay on this node's workers. */
  aboveSeries: number;
  /** About this many series per shard job. */
  seriesPerJob: number;
}

/** Shard jobs on the queue above the threshold, this node's workers below it. */
export class ShardJobExecutor implements ShardExecutor {
  constructor(
    private readonly queue: ShardQueue,
    private readonly local: ShardExecutor,
    private readonly options: ShardJobOptions,
  ) {}

  shardCount(seriesCount: number): number {
    if (seriesCount <= this.options.aboveSeries) return this.local.shardCount(seriesCount);
    return Math.max(2, Math.ceil(seriesCount / this.options.seriesPerJob));
  }

  async run(shards: readonly UniverseShard[]): Promise<ScoredMatch[][]> {
    const seriesCount = shards.reduce((sum, shard) => sum + shard.args.positions.length, 0);
    if (seriesCount <= this.options.aboveSeries) return this.local.run(shards);
    const outputs = await this.queue.runAll(shards.map(toShardJob));
    // A shard some node could not search on the same bars runs here, on this node's workers (one worker each).
    const staleAt = outputs.flatMap((output, i) => ("stale" in output ? [i] : []));
    const redone = staleAt.length === 0 ? [] : await this.local.run(staleAt.map((i) => shards[i]));
    return outputs.map((output, i) => ("matches" in output ? output.matches : redone[staleAt.indexOf(i)]));
  }
}

function toShardJob({ series: [own, ...histories], args }: UniverseShard): ShardJob {
  return {
    timeframe: own.timeframe,
    query: Array.from(own.closes.subarray(args.queryStart, args.queryStart + args.m)),
    m: args.m,
    k: args.k,
    metric: args.metric,
    wrap: args.wrap,
    series: histories.map((history, i) => ({
      ticker: history.ticker,
      bars: history.closes.length,
      fingerprint: fingerprintOf(history, history.closes.length),
      position: args.positions[i],
      exclude: args.excludeRanges[i] ?? null,
    })),
  };
}

/** A node's stored history of a ticker (never fetched), or null when this node holds none. */
export type ShardHistories = (ticker: string, timeframe: Timeframe) => Promise<PriceSeries | null>;

/**
 * What every node runs for a shard job it takes: the histories as this node's own universe searches read them
 * (stored only, held by bytes: services/patterns/stored-universe.ts), checked against the asking node's bars, searched on this node's workers (the job cut again
 * across them) and merged to the shard's top-k.
 */
export function shardJobTaker(histories: ShardHistories, local: ShardExecutor): (job: ShardJob) => Promise<ShardOutput> {
  return async (job) => {
    const loaded = await Promise.all(job.series.map((one) => histories(one.ticker, job.timeframe).then((history) => sameBars(history, one))));
    const stale = job.series.filter((_, i) => loaded[i] === undefined).map((one) => one.ticker);
    if (stale.length > 0) return { stale };
    const own = queryHistory(job.query, job.timeframe);
    const list = loaded.map((series) => ({ series: series! }));
    const cut = cutBySize(list, Math.min(local.shardCount(list.length), list.length)).map((indices) => ({
      series: [own, ...indices.map((i) => list[i].series)],
      args: {
        queryStart: 0,
        m: job.m,
        k: job.k,
        metric: job.metric,
        wrap: job.wrap,
        positions: indices.map((i) => job.series[i].position),
        excludeRanges: indices.map((i) => job.series[i].exclude ?? undefined),
      },
    }));
    return { matches: mergeShardMatches(await local.run(cut), job.k) };
  };
}

/**
 * The first `bars` bars of the history when they are the asking node's (same fingerprint), else undefined (stale:
 * the asking node runs that shard itself), as when this node holds no copy at all.
 */
function sameBars(history: PriceSeries | null, wanted: ShardJobSeries): PriceSeries | undefined {
  if (history === null || history.closes.length < wanted.bars) return undefined;
  if (fingerprintOf(history, wanted.bars) !== wanted.fingerprint) return undefined;
  return prefixOf(history, wanted.bars);
}

/** Memoised per history object: a loaded history is immutable, and a universe names the same ones call after call. */
const fingerprints = new WeakMap<Float64Array, Map<number, string>>();

function fingerprintOf(history: PriceSeries, bars: number): string {
  let byLength = fingerprints.get(history.closes);
  if (byLength === undefined) fingerprints.set(history.closes, (byLength = new Map()));
  let fingerprint = byLength.get(bars);
  if (fingerprint === undefined) byLength.set(bars, (fingerprint = columnFingerprint([history.timesMs, history.closes], bars)));
  return fingerprint;
}

/**
 * The same prefix object for the same history and length, so the worker pool (which versions histories by
 * their closes column) sends and prepares it once, not once per job.
 */
const prefixes = new WeakMap<Float64Array, { bars: number; series: PriceSeries }>();

function prefixOf(history: PriceSeries, bars: number): PriceSeries {
  if (history.closes.length === bars) return history;
  const held = prefixes.get(history.closes);
  if (held !== undefined && held.bars === bars) return held.series;
  const cut = (column: Float64Array) => column.subarray(0, bars);
  const series = { ...history, timesMs: cut(history.timesMs), opens: cut(history.opens), highs: cut(history.highs), lows: cut(history.lows), closes: cut(history.closes), breakBefore: history.breakBefore.subarray(0, bars) };
  prefixes.set(history.closes, { bars, series });
  return series;
}

/**
 * The query window as a history of its own (a shard search reads only the query's values from its first
 * history), under one fixed name so each worker's cache holds one such entry, replaced job after job.
 */
function queryHistory(query: readonly number[], timeframe: Timeframe): PriceSeries {
  const closes = Float64Array.from(query);
  const timesMs = Float64Array.from(closes, (_, i) => i * 86_400_000);
  return { ticker: "#shard-query", timeframe, timesMs, opens: closes, highs: closes, lows: closes, closes, breakBefore: gapBreaks(timesMs, timeframe) };
}
