/** One column of a printed table: its title, its width, and how a row fills it (right-aligned). */
export type Column<Row> = [title: string, width: number, cell: (row: Row) => string];

/** The three columns that name a case of pattern-cases.ts, first in both pattern tables. */
export function caseColumns<Row extends { case: string; n: number; m: number }>(): Column<Row>[] {
  return [
    ["case", 22, (r) => r.case],
    ["n", 9, (r) => String(r.n)],
    ["m", 4, (r) => String(r.m)],
  ];
}

export function headerLine<Row>(columns: readonly Column<Row>[]): string {
  return columns.map(([title, width]) => title.padStart(width)).join(" ");
}

export function rowLine<Row>(columns: readonly Column<Row>[], row: Row): string {
  return columns.map(([, width, cell]) => cell(row).padStart(width)).join(" ");
}
