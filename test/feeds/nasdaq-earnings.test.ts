import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { NasdaqEarningsProvider } from "../../src/providers/feeds/nasdaq/nasdaq-earnings.js";
import { parseMoney, parseUsDate } from "../../src/providers/feeds/nasdaq/nasdaq-values.js";
import { appError } from "../support/caught-app-error.js";
import { describeWithShared } from "../support/replay-fetch.js";
import { SHARED_DIR } from "../support/shared-paths.js";
import { feedFetch, itHandlesTransportFailures } from "./feed-failure-modes.js";

const recorded = (date: string) => readFileSync(path.join(SHARED_DIR, `fixtures/nasdaq/earnings-calendar.date-${date}.json`), "utf8");
const NASDAQ = /api\.nasdaq\.com\/api\/calendar\/earnings\?date=/;

describeWithShared("Nasdaq earnings calendar adapter (recorded 2024-07-01..03)", () => {
  it("maps each recorded day and asks Nasdaq with browser headers for the requested date", async () => {
    const seen: string[] = [];
    let headers = new Headers();
    const fetch = feedFetch(NASDAQ, (init) => {
      headers = new Headers(init?.headers);
      return new Response(recorded("2024-07-02"));
    });
    const rows = await new NasdaqEarningsProvider({ fetch }).onDate("2024-07-02");
    seen.push(...fetch.calls);
    expect(seen).toEqual(["GET https://api.nasdaq.com/api/calendar/earnings?date=2024-07-02"]);
    expect(rows).toHaveLength(22);
    expect(headers.get("origin")).toBe("https://www.nasdaq.com");
    expect(headers.get("user-agent")).toMatch(/Mozilla/);
    for (const r of rows) {
      expect(["pre-market", "after-hours", "not-supplied"]).toContain(r.time);
      expect(r.eps_forecast === null || Number.isFinite(r.eps_forecast)).toBe(true);
    }
  });

  it("treats rows:null (weekend, holiday) as a valid empty day", async () => {
    const body = JSON.parse(recorded("2024-07-01")) as { data: { rows: unknown } };
    body.data.rows = null;
    const rows = await new NasdaqEarningsProvider({ fetch: feedFetch(NASDAQ, () => new Response(JSON.stringify(body))) }).onDate("2024-07-06");
    expect(rows).toEqual([]);
  });

  it("reports a row without a symbol as schema drift", async () => {
    const body = JSON.parse(recorded("2024-07-01")) as { data: { rows: Array<Record<string, unknown>> } };
    delete body.data.rows[3]!.symbol;
    const error = await appError(new NasdaqEarningsProvider({ fetch: feedFetch(NASDAQ, () => new Response(JSON.stringify(body))) }).onDate("2024-07-01"));
    expect(error.code).toBe("UPSTREAM_SCHEMA_CHANGED");
    expect(error.message).toMatch(/data\.rows\.3\.symbol/);
  });

  it("treats a non-200 rCode in the body as upstream trouble", async () => {
    const body = { data: null, message: "Bad Request", status: { rCode: 400, bCodeMessage: [{ code: 1001, errorMessage: "bad date" }] } };
    const error = await appError(new NasdaqEarningsProvider({ fetch: feedFetch(NASDAQ, () => new Response(JSON.stringify(body))) }).onDate("2024-07-01"));
    expect(error.code).toBe("UPSTREAM_UNAVAILABLE");
  });

  itHandlesTransportFailures(NASDAQ, (deps) => new NasdaqEarningsProvider(deps).onDate("2024-07-01"));
});

it("parses Nasdaq's display strings without guessing", () => {
  expect(parseMoney("($0.12)")).toBe(-0.12);
  expect(parseMoney("$1,234,567")).toBe(1234567);
  expect(parseMoney("")).toBeNull();
  expect(parseMoney("N/A")).toBeNull();
  expect(parseMoney("abc")).toBeNull();
  expect(parseUsDate("5/08/2023")).toBe("2023-05-08");
  expect(parseUsDate("N/A")).toBeNull();
});
