import { describe, expect, it } from "vitest";
import { AppError } from "../../../domain/app-error.js";
import { parseBarsCsv } from "./csv-bars-parser.js";

const HEADER = "date,open,high,low,close,volume";

function parseError(text: string): AppError {
  try {
    parseBarsCsv(text, "T.csv");
  } catch (error) {
    return error as AppError;
  }
  throw new Error("expected a parse error");
}

describe("parseBarsCsv", () => {
  it("parses rows to midnight-UTC daily bars, empty volume as null, CRLF and a trailing newline allowed", () => {
    const bars = parseBarsCsv(`${HEADER}\r\n2020-01-02,1.5,2,1,1.75,100\r\n2020-01-03,1.75,1.75,1.75,1.75,\r\n`, "T.csv");
    expect(bars).toEqual([
      { tsMs: Date.parse("2020-01-02T00:00:00Z"), open: 1.5, high: 2, low: 1, close: 1.75, volume: 100 },
      { tsMs: Date.parse("2020-01-03T00:00:00Z"), open: 1.75, high: 1.75, low: 1.75, close: 1.75, volume: null },
    ]);
  });

  it("refuses malformed files loudly, naming file and line", () => {
    const cases: Array<[string, string]> = [
      ["date,close\n2020-01-02,1", "header"],
      [`${HEADER}\n2020-01-02,1,2,1,1`, "6 fields"],
      [`${HEADER}\n2020-02-30,1,2,1,1,5`, "bad date"],
      [`${HEADER}\n2020-01-02,1,2,x,1,5`, "bad price"],
      [`${HEADER}\n2020-01-02,1,2,1,,5`, "bad price"],
      [`${HEADER}\n2020-01-02,1,2,1,1,lots`, "bad volume"],
      [`${HEADER}\n2020-01-03,1,2,1,1,5\n2020-01-02,1,2,1,1,5`, "not after"],
    ];
    for (const [text, issue] of cases) {
      const error = parseError(text);
      expect(error.code).toBe("UPSTREAM_SCHEMA_CHANGED");
      expect(error.message).toContain("T.csv");
      expect(error.message).toContain(issue);
    }
  });
});
