import { describe, expect, it } from "vitest";
import { mulberry32, randomInt } from "../../test/support/seeded-rng.js";
import { CandidateCollector } from "./candidate-collector.js";

interface Window {
  series: number;
  start: number;
  exact: number;
}

/**
 * Greedy reference over every window: order (exact, series, start), skip overlaps within a series.
 * With `wrap`, series[i] holds a score for every start 0..n-1 (starts past n - m wrap) and overlap is circular.
 */
function greedy(windows: Window[], m: number, k: number, lengths?: number[]): Window[] {
  const sorted = [...windows].sort((a, b) => a.exact - b.exact || a.series - b.series || a.start - b.start);
  const picks: Window[] = [];
  for (const w of sorted) {
    if (picks.length === k) break;
    const n = lengths ? lengths[w.series] : Infinity;
    const clash = (p: Window) => {
      const gap = Math.abs(p.start - w.start);
      return p.series === w.series && (gap < m || n - gap < m);
    };
    if (picks.some(clash)) continue;
    picks.push(w);
  }
  return picks;
}

/** Feeds noisy fast scores (exact +- error) through the collector, then picks greedily on exact scores. */
function viaCollector(series: number[][], m: number, k: number, error: number, seed: number, wrap = false): Window[] {
  const rand = mulberry32(seed);
  const collector = new CandidateCollector(k, m, wrap ? series.length : 0);
  const noisy = (exact: number) => exact + error * (2 * rand() - 1);
  series.forEach((scores, index) => {
    collector.beginSeries(index);
    const last = wrap ? scores.length - m : scores.length - 1;
    scores.forEach((exact, start) => {
      if (start <= last) collector.offer(start, noisy(exact), error);
    });
    // Wrapped windows come last and only as candidates, as series-scan.ts offers them.
    for (let start = last + 1; start < scores.length; start++) collector.offerCandidateOnly(start, noisy(scores[start]), error);
  });
  const kept = collector.finish();
  const windows: Window[] = [];
  for (let i = 0; i < kept.size; i++) {
    const s = kept.seriesIndex[i];
    windows.push({ series: s, start: kept.start[i], exact: series[s][kept.start[i]] });
  }
  return greedy(windows, m, k, wrap ? series.map((scores) => scores.length) : undefined);
}

function flatten(series: number[][]): Window[] {
  return series.flatMap((scores, s) => scores.map((exact, start) => ({ series: s, start, exact })));
}

describe("CandidateCollector", () => {
  it("keeps every window the greedy non-overlapping top-k needs (random scores, many ties)", () => {
    for (let trial = 0; trial < 300; trial++) {
      const rand = mulberry32(trial);
      const m = 1 + randomInt(rand, 12);
      const k = 1 + randomInt(rand, 6);
      const levels = 2 + randomInt(rand, 30);
      const seriesCount = 1 + randomInt(rand, 3);
      const series = Array.from({ length: seriesCount }, () =>
        Array.from({ length: 5 + randomInt(rand, 200) }, () => randomInt(rand, levels) / levels),
      );
      const error = trial % 3 === 0 ? 0 : 0.3 / levels;
      const ref = greedy(flatten(series), m, k);
      const comp = viaCollector(series, m, k, error, trial);
      expect(comp, `trial ${trial}`).toEqual(ref);
    }
  });

  it("stays exact with wrapped windows when each wrapping series gets one extra member", () => {
    for (let trial = 0; trial < 300; trial++) {
      const rand = mulberry32(10_000 + trial);
      const m = 2 + randomInt(rand, 6);
      const k = 1 + randomInt(rand, 5);
      const levels = 2 + randomInt(rand, 30);
      const series = Array.from({ length: 1 + randomInt(rand, 3) }, () =>
        Array.from({ length: m + 1 + randomInt(rand, 60) }, () => randomInt(rand, levels) / levels),
      );
      const error = trial % 2 === 0 ? 0 : 0.3 / levels;
      const ref = greedy(flatten(series), m, k, series.map((scores) => scores.length));
      expect(viaCollector(series, m, k, error, trial, true), `trial ${trial}`).toEqual(ref);
    }
  });

  it("needs that extra member: one wrapped pick can block the first and the last member", () => {
    // Found by brute force: without the allowance the collector loses the third pick (start 7).
    const scores = [7, 13, 12, 12, 3, 11, 11, 10, 14, 5, 8, 1, 17].map((v) => v / 18);
    const m = 3;
    const k = 3;
    const ref = greedy(flatten([scores]), m, k, [scores.length]);
    expect(ref.map((w) => w.start)).toEqual([11, 4, 7]);
    const collector = new CandidateCollector(k, m, 0);
    collector.beginSeries(0);
    for (let start = 0; start < scores.length; start++) {
      if (start <= scores.length - m) collector.offer(start, scores[start], 0);
      else collector.offerCandidateOnly(start, scores[start], 0);
    }
    const kept = collector.finish();
    const windows = Array.from(kept.start, (start) => ({ series: 0, start, exact: scores[start] }));
    expect(greedy(windows, m, k, [scores.length]).map((w) => w.start)).toEqual([11, 4]);
    expect(viaCollector([scores], m, k, 0, 1, true)).toEqual(ref);
  });

  it("is needed: a plain k-th-best bound loses picks that the exclusion rule makes necessary", () => {
    // Scores along the series: two shallow valleys next to each other; with m = 3 picking the best window
    // blocks its neighbours, so the 2nd pick comes from far away with a worse score than the 2nd-best window.
    const scores = [0.9, 0.1, 0.2, 0.15, 0.9, 0.9, 0.9, 0.5, 0.9];
    const m = 3;
    const k = 2;
    const ref = greedy(flatten([scores]), m, k);
    expect(ref.map((w) => w.start)).toEqual([1, 7]);
    // The plain bound (2nd best exact score = 0.15) would have discarded window 7 (0.5).
    const plainBound = [...scores].sort((a, b) => a - b)[k - 1];
    expect(scores[7]).toBeGreaterThan(plainBound);
    expect(viaCollector([scores], m, k, 0, 1)).toEqual(ref);
  });

  it("prunes: far fewer candidates than windows once the bound is set", () => {
    const rand = mulberry32(7);
    const scores = Array.from({ length: 100_000 }, () => rand());
    const collector = new CandidateCollector(10, 20);
    collector.beginSeries(0);
    scores.forEach((score, start) => collector.offer(start, score, 0));
    expect(collector.finish().size).toBeLessThan(2_000);
    expect(collector.limit).toBeLessThan(0.01);
  });

  it("prunes exact ties at the bound by position (a constant query makes every window tie)", () => {
    const collector = new CandidateCollector(3, 10);
    collector.beginSeries(0);
    for (let start = 0; start < 10_000; start++) collector.offer(start, 4, 0);
    const kept = collector.finish();
    expect(kept.size).toBeLessThanOrEqual(5 * 10);
    expect(kept.start[0]).toBe(0);
  });

  it("keeps wrapped (candidate-only) windows under the bound without letting them set it", () => {
    const collector = new CandidateCollector(1, 5);
    collector.beginSeries(0);
    collector.offerCandidateOnly(98, 0.5, 0);
    expect(collector.limit).toBe(Infinity);
    collector.offer(0, 1, 0);
    expect(collector.limit).toBe(1);
    collector.offerCandidateOnly(99, 2, 0);
    expect(Array.from(collector.finish().start)).toEqual([98, 0]);
  });
});
