import fs from "node:fs";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { paidRoutes } from "../support/paid-routes.js";
import { createYahooReplayFetch } from "../support/replay-fetch.js";
import { REPO_ROOT, SHARED_PRESENT } from "../support/shared-paths.js";

const OFFLINE_HINT = "MARKET_DATA_DIR=../shared/datasets/daily";

/** A pino logger whose JSON lines are kept for the test to read. */
function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: "info" }, stream), lines };
}

/** The default start (live Yahoo) on a machine without internet: every chart request fails with a 502. */
describe.skipIf(!SHARED_PRESENT)("no internet, live market data", () => {
  const { logger, lines } = capturingLogger();
  const replay = createYahooReplayFetch({
    routes: [{ match: /\/v8\/finance\/chart\//, respond: () => new Response("<html>Bad gateway</html>", { status: 502 }) }],
  });
  const harness = paidRoutes({
    env: { MARKET_DATA_DIR: "" },
    logger,
    marketData: { yahoo: { fetch: replay, queueIntervalMs: 0, sleep: async () => undefined, maxRetries: 1 } },
  });

  it("answers 503 with the offline hint, charges nothing, and logs the failure once with source, status and duration", async () => {
    const before = await harness.payer().balance();
    const { status, body } = await harness.call("/get_latest_price?ticker=AAPL");
    expect([status, body.error.code]).toEqual([503, "UPSTREAM_UNAVAILABLE"]);
    expect(body.error.message).toContain(OFFLINE_HINT);
    expect(await harness.payer().balance()).toBe(before);
    const failures = lines.filter((l) => l.msg === "upstream request failed");
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ level: 40, source: "yahoo", status: 502, attempts: 2, path: expect.stringContaining("/v8/finance/chart/AAPL") });
    expect(typeof failures[0].durationMs).toBe("number");
  });

  it("says at start that live data is unreachable and what to do", async () => {
    const check = await harness.service().checkMarketData();
    expect(check).toMatchObject({ mode: "live", ok: false });
    expect(check.message).toMatch(/UNREACHABLE .*503.*MARKET_DATA_DIR=\.\.\/shared\/datasets\/daily/);
  });
});

describe.skipIf(!SHARED_PRESENT)("offline market data", () => {
  const harness = paidRoutes();

  it("says at start that data is offline, from which folder and how old it is", async () => {
    const check = await harness.service().checkMarketData();
    expect(check).toMatchObject({ mode: "offline", ok: true });
    expect(check.message).toMatch(/OFFLINE from .*datasets\/daily \(17 files whose last bars run from 2024-12-06 to 2026-08-18\)/);
  });

  it("runs that check inside the warm-up (before \"warm-up done\"), where the server logs it from", async () => {
    const { marketData } = await harness.service().warmUp();
    expect(marketData).toMatchObject({ mode: "offline", ok: true, message: expect.stringMatching(/^Market data is OFFLINE from .*\(17 files/) });
  });
});

it("puts the offline hint next to the quick-start commands", () => {
  const readme = fs.readFileSync(path.join(REPO_ROOT, "README.md"), "utf8");
  const quickStart = readme.slice(0, readme.indexOf("\n## "));
  expect(quickStart).toContain(`${OFFLINE_HINT} npm start`);
});
