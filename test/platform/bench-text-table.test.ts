import { describe, expect, it } from "vitest";
import { caseColumns, headerLine, rowLine, type Column } from "../../bench/text-table.js";

describe("the benchmarks' text tables (bench/text-table.ts)", () => {
  it("right-aligns titles and cells to their widths, one space apart, the case columns first", () => {
    type Row = { case: string; n: number; m: number; ms: number };
    const columns: Column<Row>[] = [...caseColumns<Row>(), ["ms", 6, (r) => r.ms.toFixed(1)]];
    expect(headerLine(columns)).toBe(`${" ".repeat(18)}case ${" ".repeat(8)}n    m     ms`);
    expect(rowLine(columns, { case: "SPY daily", n: 8000, m: 30, ms: 1.5 })).toBe(`${" ".repeat(13)}SPY daily ${" ".repeat(5)}8000   30    1.5`);
  });
});
