import { describe, expect, it } from "vitest";
import { parseRetryAfterSeconds } from "./retry-after.js";

const NOW_MS = Date.parse("2025-02-16T12:00:00Z");

describe("parseRetryAfterSeconds", () => {
  it("reads delay-seconds", () => {
    expect(parseRetryAfterSeconds("0", NOW_MS)).toBe(0);
    expect(parseRetryAfterSeconds(" 7 ", NOW_MS)).toBe(7);
  });

  it("reads an HTTP-date relative to now, never negative", () => {
    expect(parseRetryAfterSeconds("Sun, 16 Feb 2025 12:00:30 GMT", NOW_MS)).toBe(30);
    expect(parseRetryAfterSeconds("Sun, 16 Feb 2025 11:00:00 GMT", NOW_MS)).toBe(0);
  });

  it("ignores absent or malformed values", () => {
    expect(parseRetryAfterSeconds(null, NOW_MS)).toBeUndefined();
    expect(parseRetryAfterSeconds("", NOW_MS)).toBeUndefined();
    expect(parseRetryAfterSeconds("-5", NOW_MS)).toBeUndefined();
    expect(parseRetryAfterSeconds("1.5", NOW_MS)).toBeUndefined();
    expect(parseRetryAfterSeconds("soon", NOW_MS)).toBeUndefined();
  });
});
