/**
 * The WebAssembly SIMD search kernels (assembly/search-kernels.ts): compiling them from bytes the caller
 * supplies, the process-wide switch between them and the pure-JS kernels, and one instance per
 * (series, m) that holds the series, its rolling stats and the segment means the pruning bound reads,
 * plus, where kernel-choice.ts picks MASS for L2 on that (series, m), the chunk spectra (wasm-mass.ts).
 *
 * Core stays pure: it never reads files. A caller that can (src/services/patterns/search-kernels.ts)
 * reads the .wasm built by `npm run build:wasm` and calls useWasmKernels(compileWasmKernels(bytes)).
 * Without that, or where the runtime lacks wasm SIMD, every search runs on the JS kernels, which remain
 * the reference implementation: both paths are checked against the oracle in tests and in the benchmark.
 *
 * Glossary: n = series length, m = window length, count = n - m + 1 windows, L = segment length,
 * w = segments per window (w * L <= m), B = STATS_BLOCK window starts per stats block.
 */
import type { CandidateCollector } from "./candidate-collector.js";
import type { Metric } from "./exact-scorer.js";
import type { PreparedQuery } from "./prepared-query.js";
import { planMassLayout, prepareMass, scanMass, type MassExports, type MassLayout } from "./wasm-mass.js";
import { STATS_BLOCK, STATS_BLOCK_BITS, STATS_RELATIVE_ERROR, type WindowStats } from "./window-stats.js";

const EPSILON = 2 ** -52;
/** Segments per window for the lower bound: more prune better, fewer cost less (tuned in bench/patterns). */
const TARGET_SEGMENTS = 10;
/** Windows scored exactly to seed the pruning bound before the scan (spread evenly, never overlapping). */
const SEED_SAMPLES = 1024;
const OUTPUT_CAPACITY = Math.max(2 * STATS_BLOCK, SEED_SAMPLES);
/** Byte offset of the first array; AssemblyScript's stub runtime keeps no data below it. */
const LAYOUT_BASE = 1024;
const PAGE_BYTES = 65536;

interface KernelExports extends MassExports {
  configure(...args: number[]): void;
  prepare(): void;
  setQuery(...args: number[]): void;
  outputCount(): number;
  scanL2(from: number, to: number, limit: number): number;
  scanL1(from: number, to: number, limit: number): number;
  sample(from: number, to: number, spacing: number, l1: number): number;
}

/** The parts of the WebAssembly JS API used here (the global exists in Node; lib "ES2023" lacks its types). */
interface WebAssemblyApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Memory: new (descriptor: { initial: number }) => { readonly buffer: ArrayBuffer };
  Instance: new (module: object, imports: object) => { readonly exports: object };
}

const wasmApi = (globalThis as unknown as { WebAssembly?: WebAssemblyApi }).WebAssembly;

/** A compiled kernel module; instantiate per (series, m) with WasmWindowIndex. */
export interface WasmKernels {
  readonly module: object;
}

let active: WasmKernels | undefined;

/** Compiles the kernel bytes; undefined when this runtime cannot run them (no wasm SIMD). */
export function compileWasmKernels(bytes: Uint8Array): WasmKernels | undefined {
  if (wasmApi === undefined || !wasmApi.validate(bytes)) return undefined;
  return { module: new wasmApi.Module(bytes) };
}

/** Makes every later search in this thread use `kernels` (undefined: the pure-JS kernels). */
export function useWasmKernels(kernels: WasmKernels | undefined): void {
  active = kernels;
}

/** The kernels searches use now, if any. */
export function activeWasmKernels(): WasmKernels | undefined {
  return active;
}

/** Segment length for window length m: w = floor(m / L) segments of L values cover at least m - L + 1. */
export function segmentLength(m: number): number {
  return Math.max(1, Math.floor(m / Math.min(m, TARGET_SEGMENTS)));
}

/** One kernel instance over one series and one window length: its own memory, filled once. */
export class WasmWindowIndex {
  readonly kernels: WasmKernels;
  private readonly exports: KernelExports;
  private readonly m: number;
  private readonly count: number;
  private readonly segLen: number;
  private readonly segCount: number;
  private readonly qz: Float64Array;
  private readonly qs: Float64Array;
  private readonly order: Int32Array;
  private readonly qp: Float64Array;
  private readonly outStart: Int32Array;
  private readonly outScore: Float64Array;
  private readonly outError: Float64Array;
  private query: PreparedQuery | undefined;
  private orderedFor: PreparedQuery | undefined;
  /** The query whose qz is in the instance (set by load() too; MASS reads nothing else of a query). */
  private qzFor: PreparedQuery | undefined;
  /** Present when L2 runs as MASS on this index (chunk size chosen by kernel-choice.ts's wasm model). */
  private readonly mass: MassLayout | undefined;
  /**
   * The instance's memory while the MASS spectra are still to be computed: they are computed by the first L2
   * scan, so an index only ever searched with L1 (a screen, say) never pays for its FFTs (nor makes those
   * pages resident). Undefined once computed.
   */
  private buffer: ArrayBuffer | undefined;

  /** `massChunkSize` > 0 adds the MASS arrays (wasm-mass.ts) and makes L2 scans use them. */
  constructor(kernels: WasmKernels, values: Float64Array, stats: WindowStats, massChunkSize = 0) {
    const n = values.length;
    const { m, count } = stats;
    const blocks = stats.blockShift.length;
    this.kernels = kernels;
    this.m = m;
    this.count = count;
    this.segLen = segmentLength(m);
    this.segCount = Math.floor(m / this.segLen);
    const segStride = STATS_BLOCK + m - this.segLen;
    // Every array starts on a 16-byte boundary; v128 loads past a window's end stay inside its array.
    let end = LAYOUT_BASE;
    const take = (bytes: number) => {
      const at = end;
      end += Math.ceil((bytes + 16) / 16) * 16;
      return at;
    };
    const at = {
      x: take(8 * n),
      kind: take(count),
      mean: take(8 * count),
      inv: take(8 * count),
      pn: take(8 * count),
      shift: take(8 * blocks),
      maxAbs: take(8 * blocks),
      seg: take(8 * blocks * segStride),
      qz: take(8 * m),
      qs: take(8 * m),
      order: take(4 * m),
      qp: take(8 * this.segCount),
      outStart: take(4 * OUTPUT_CAPACITY),
      outScore: take(8 * OUTPUT_CAPACITY),
      outError: take(8 * OUTPUT_CAPACITY),
      y: take(8 * (STATS_BLOCK + m)),
      dots: take(8 * 8),
    };
    this.mass = massChunkSize > 0 ? planMassLayout(take, m, count, massChunkSize) : undefined;
    // compileWasmKernels succeeded, so the API exists.
    const api = wasmApi!;
    const memory = new api.Memory({ initial: Math.ceil(end / PAGE_BYTES) });
    const instance = new api.Instance(kernels.module, { env: { memory } });
    this.exports = instance.exports as unknown as KernelExports;
    const buffer = memory.buffer;
    new Float64Array(buffer, at.x, n).set(values);
    new Uint8Array(buffer, at.kind, count).set(stats.kind);
    new Float64Array(buffer, at.mean, count).set(stats.shiftedMean);
    new Float64Array(buffer, at.inv, count).set(stats.invStd);
    new Float64Array(buffer, at.shift, blocks).set(stats.blockShift);
    new Float64Array(buffer, at.maxAbs, blocks).set(stats.blockMaxAbs);
    this.qz = new Float64Array(buffer, at.qz, m);
    this.qs = new Float64Array(buffer, at.qs, m);
    this.order = new Int32Array(buffer, at.order, m);
    this.qp = new Float64Array(buffer, at.qp, this.segCount);
    this.outStart = new Int32Array(buffer, at.outStart, OUTPUT_CAPACITY);
    this.outScore = new Float64Array(buffer, at.outScore, OUTPUT_CAPACITY);
    this.outError = new Float64Array(buffer, at.outError, OUTPUT_CAPACITY);
    this.exports.configure(
      at.x, at.kind, at.mean, at.inv, at.pn, at.shift, at.maxAbs, at.seg,
      at.qz, at.qs, at.order, at.qp, at.outStart, at.outScore, at.outError, at.y, at.dots,
      n, m, count, STATS_BLOCK_BITS, this.segLen, this.segCount, segStride, OUTPUT_CAPACITY,
    );
    this.exports.prepare();
    if (this.mass !== undefined) {
      const mass = this.mass.at;
      this.exports.configureMass(
        at.x, at.kind, at.inv, mass.specRe, mass.specIm, mass.twRe, mass.twIm, mass.qRe, mass.qIm, mass.wRe,
        mass.wIm, at.qz, mass.chunkNorm, mass.chunkMax, mass.score, mass.error, mass.rStart, mass.rUpper,
        at.outStart, at.outScore, at.outError, mass.key, n, m, this.mass.size, this.mass.chunks, OUTPUT_CAPACITY,
      );
      this.exports.configureSelect(mass.score, mass.error, mass.key, mass.tileMin, at.outStart, at.outScore, at.outError, m, count);
      this.exports.configureExact(at.x, at.qz, at.outStart, at.outScore, at.outError, m);
      this.buffer = buffer;
    }
  }

  /** MASS's chunk size K, or 0 when L2 scans use the segment bound. */
  get massChunkSize(): number {
    return this.mass?.size ?? 0;
  }

  /** True when L2 scans of this index run as MASS (scanL2Mass) rather than with the segment bound. */
  get usesMass(): boolean {
    return this.mass !== undefined;
  }

  /**
   * L2 over the admitted intervals by MASS: every window's dot product by FFT, the collector's bound
   * applied inside the kernel, and only the windows that can still be picked offered, in index order.
   */
  scanL2Mass(
    query: PreparedQuery,
    intervals: readonly [number, number][],
    cap: number,
    certify: boolean,
    collector: CandidateCollector,
  ): void {
    // MASS reads only qz: the segment means and bound constants of load() are not needed.
    if (this.qzFor !== query) {
      if (query.m !== this.m) throw new RangeError(`query of ${query.m} values for an index of windows of ${this.m}`);
      this.qz.set(query.z);
      this.qzFor = query;
    }
    if (this.buffer !== undefined) {
      prepareMass(this.exports, this.buffer, this.mass!);
      this.buffer = undefined;
    }
    const output = { start: this.outStart, score: this.outScore, error: this.outError };
    scanMass(this.exports, this.mass!, output, query, intervals, cap, certify, collector);
  }

  /**
   * Offers every window start in [from, to) that survives the segment bound and (for L1) early
   * abandoning to the collector, in index order, with the JS kernels' fast scores and error bounds.
   * `seed` is a bound no pick can exceed (seedBound); windows whose lower score is above it are skipped.
   */
  scan(metric: Metric, query: PreparedQuery, from: number, to: number, seed: number, collector: CandidateCollector): void {
    this.load(query, metric);
    const scanFrom = metric === "l2" ? this.exports.scanL2 : this.exports.scanL1;
    let s = from;
    while (s < to) {
      s = scanFrom(s, to, Math.min(collector.limit, seed));
      const produced = this.exports.outputCount();
      for (let i = 0; i < produced; i++) collector.offer(this.outStart[i], this.outScore[i], this.outError[i]);
    }
  }

  /**
   * A bound the k-th pick cannot exceed, from windows sampled `spacing` >= m apart in the given intervals:
   * each pick overlaps at most two of them, so with 2k - 1 scored the (2k-1)-th best upper score bounds
   * the k-th pick (pattern-search.md §2). Infinity when too few windows are eligible.
   */
  seedBound(metric: Metric, query: PreparedQuery, intervals: readonly [number, number][], k: number): number {
    this.load(query, metric);
    const windows = intervals.reduce((total, [from, to]) => total + to - from, 0);
    const spacing = Math.max(this.m, Math.floor(windows / SEED_SAMPLES));
    const needed = 2 * k - 1;
    if (windows < needed * spacing) return Infinity;
    // The `needed` smallest upper scores so far, ascending (needed = 2k - 1 is small; samples <= 1024).
    const best = new Float64Array(needed).fill(Infinity);
    let seen = 0;
    for (const [from, to] of intervals) {
      const produced = this.exports.sample(from, to, spacing, metric === "l1" ? 1 : 0);
      seen += produced;
      for (let i = 0; i < produced; i++) {
        const upper = this.outScore[i];
        if (upper >= best[needed - 1]) continue;
        let at = needed - 1;
        while (at > 0 && best[at - 1] > upper) {
          best[at] = best[at - 1];
          at--;
        }
        best[at] = upper;
      }
    }
    return seen < needed ? Infinity : best[needed - 1];
  }

  /** Writes the query's arrays and sums into the instance (once per query object and metric). */
  private load(query: PreparedQuery, metric: Metric): void {
    if (metric === "l1" && this.orderedFor !== query) {
      // Only L1's early abandoning reads the |qz|-descending order (computed lazily by the query).
      this.qs.set(query.zOrdered);
      this.order.set(query.order);
      this.orderedFor = query;
    }
    if (this.query === query) return;
    if (query.m !== this.m) throw new RangeError(`query of ${query.m} values for an index of windows of ${this.m}`);
    this.query = query;
    const m = this.m;
    this.qz.set(query.z);
    this.qzFor = query;
    let qpSq = 0;
    let qpSum = 0;
    for (let j = 0; j < this.segCount; j++) {
      let sum = 0;
      for (let i = j * this.segLen; i < (j + 1) * this.segLen; i++) sum += query.z[i];
      const mean = sum / this.segLen;
      this.qp[j] = mean;
      qpSq += mean * mean;
      qpSum += mean;
    }
    // As direct-kernel.ts: rounding of a length-m dot ~ sqrt(m) eps |qz| |y|, 4x slack, plus sum qz != 0.
    const rounding = 4 * EPSILON * Math.sqrt(m) * Math.sqrt(query.normSq) * Math.sqrt(m) + query.sumError;
    // The bounds only prune, so their margin is generous: 1e-7 relative plus 16384 eps per unit of
    // maxAbs / sigma, orders of magnitude above the rounding of w-term sums and of the rolling stats.
    this.exports.setQuery(
      query.normSq, qpSq, qpSum, query.sumAbs, rounding, STATS_RELATIVE_ERROR,
      m * 512 * EPSILON, 1e-7 * m, 16384 * EPSILON * m,
    );
  }

  get windowCount(): number {
    return this.count;
  }
}
