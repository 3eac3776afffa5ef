import { describe, expect, it } from "vitest";
import { garchWalk } from "../../test/support/seeded-rng.js";
import { scoreL2Batch } from "./batch-scorer.js";
import { ExactScorer } from "./exact-scorer.js";
import { prepareQuery } from "./prepared-query.js";

describe("scoreL2Batch", () => {
  it("gives exactly ExactScorer's scores, four windows at a time and for the rest, constant windows included", () => {
    const a = garchWalk({ length: 3000, seed: 1, volPerBar: 0.02 }).map((v) => v * 60_000);
    const b = garchWalk({ length: 2000, seed: 2, volPerBar: 0.0003 });
    b.fill(1.25, 500, 800);
    for (const m of [2, 7, 60, 250]) {
      for (const query of [a.slice(100, 100 + m), new Float64Array(m).fill(3)]) {
        const prepared = prepareQuery(query);
        const scorer = new ExactScorer(prepared, "l2");
        const starts = [0, 17, 500, 520, 1000, 1700 - m, 33, 600, 1234];
        const values = starts.map((_, i) => (i % 2 === 0 ? b : a));
        const out = new Float64Array(starts.length);
        scoreL2Batch(scorer, prepared, values, starts, out);
        starts.forEach((s, i) => expect(out[i], `m=${m} start ${s}`).toBe(scorer.score(values[i], s)));
      }
    }
  });
});
