import { describe, expect, it } from "vitest";
import { differences, reconcile } from "../../scripts/examples/compare-answer.js";

describe("an example against an answer (scripts/examples/compare-answer.ts)", () => {
  const documented = { ticker: "SPY", mean: 0.1, rows: [{ id: "sig_a", n: 3 }], cursor: "abc" };

  it("accepts numbers within 1e-9 relative and names each other difference by its field", () => {
    expect(differences(documented, { ...documented, mean: 0.1 * (1 + 5e-10) })).toEqual([]);
    expect(differences(documented, { ...documented, mean: 0.1001, ticker: "QQQ" })).toEqual([
      { path: "ticker", documented: "SPY", answered: "QQQ" },
      { path: "mean", documented: 0.1, answered: 0.1001 },
    ]);
    expect(differences(documented, { ...documented, rows: [{ id: "sig_a", n: 4 }, { id: "sig_b", n: 1 }] })).toEqual([
      { path: "rows.length", documented: 1, answered: 2 },
      { path: "rows[0].n", documented: 3, answered: 4 },
    ]);
  });

  it("reports a field on one side only, and a change of kind (a value that became null)", () => {
    const { cursor: _cursor, ...withoutCursor } = documented;
    expect(differences(documented, { ...withoutCursor, extra: 1 })).toEqual([
      { path: "cursor", documented: "abc", answered: undefined },
      { path: "extra", documented: undefined, answered: 1 },
    ]);
    expect(differences(documented, { ...documented, rows: null })).toEqual([{ path: "rows", documented: documented.rows, answered: null }]);
  });

  it("compares volatile fields by kind only, and writes them back as documented", () => {
    const answered = { ...documented, rows: [{ id: "sig_z", n: 3 }], cursor: "xyz" };
    const volatile = ["rows[].id", "cursor"];
    expect(differences(documented, answered, volatile)).toEqual([]);
    expect(differences(documented, { ...answered, cursor: null }, volatile)).toEqual([{ path: "cursor", documented: "abc", answered: null }]);
    expect(reconcile(documented, answered, volatile)).toEqual(documented);
  });

  it("writes the answer in its own order, changing only what a check reports", () => {
    const answered = { cursor: "abc", rows: [{ n: 3, id: "sig_a" }], mean: 0.1 * (1 + 5e-10), ticker: "QQQ", added: true };
    const written = reconcile(documented, answered);
    expect(written).toEqual({ cursor: "abc", rows: [{ n: 3, id: "sig_a" }], mean: 0.1, ticker: "QQQ", added: true });
    expect(Object.keys(written as object)).toEqual(Object.keys(answered));
    expect(reconcile(written, answered)).toEqual(written);
  });
});
