import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AppError } from "../../src/domain/app-error.js";
import { FakeClock } from "../support/fake-clock.js";
import { createYahooReplayFetch, describeWithShared, type ReplayFetch } from "../support/replay-fetch.js";
import { SHARED_DIR } from "../support/shared-paths.js";
import { createTestPayer, type TestPayer } from "../support/test-payer.js";
import { startTestService, type TestService } from "../support/test-service.js";
import { trendsRss } from "./trends-rss.js";

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The feed routes on their live adapters with an empty store, replayed through the injected transport (the
 * global guard still fails any real request): fresh answers, reuse inside the TTL, the stale fallback after an
 * upstream failure, and trends aggregates computed from what the scheduled job stored.
 */
describeWithShared("feed routes on live adapters (replayed)", () => {
  const clock = new FakeClock(Date.parse("2026-08-10T12:00:00Z"));
  let service: TestService;
  let payer: TestPayer;
  let replay: ReplayFetch;
  let cnnDown = false;
  let trendDay = 0;

  beforeAll(async () => {
    const golden = readFileSync(path.join(SHARED_DIR, "fixtures/cnn-fear-greed/response-golden.json"), "utf8");
    replay = createYahooReplayFetch({
      routes: [
        {
          match: /production\.dataviz\.cnn\.io/,
          respond: () => (cnnDown ? new Response("<html>502 Bad Gateway</html>", { status: 502 }) : new Response(golden)),
        },
        {
          match: /trends\.google\.com\/trending\/rss\?geo=/,
          respond: () =>
            new Response(
              trendDay === 0
                ? trendsRss([{ query: "eclipse", traffic: "20K+" }, { query: "rates", traffic: "5000+" }])
                : trendsRss([{ query: "Eclipse", traffic: "200K+" }, { query: "gold", traffic: "10K+" }]),
            ),
        },
      ],
    });
    service = await startTestService({ clock, importRecordings: false, feeds: { fetch: replay, sleep: async () => undefined } });
    payer = await createTestPayer(service, 50_000_000n);
  });
  afterAll(async () => {
    await service?.close();
  });

  const call = async (url: string) => {
    const res = await payer.pay(url);
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
  };
  const cnnCalls = () => replay.calls.filter((c) => c.includes("cnn.io")).length;

  it("fetches Fear & Greed once, reuses it inside 30 minutes, and serves it flagged cached when CNN fails", async () => {
    const first = await call("/get_fear_greed");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ score: 30.8254, cached: false, fetched_at: "2026-08-10T12:00:00.000Z" });
    clock.advance(10 * MINUTE);
    const reused = await call("/get_fear_greed");
    expect(reused.body).toMatchObject({ cached: true, fetched_at: "2026-08-10T12:00:00.000Z" });
    expect(cnnCalls()).toBe(1);
    cnnDown = true;
    clock.advance(30 * MINUTE);
    const stale = await call("/get_fear_greed");
    expect(stale.status).toBe(200);
    expect(stale.body).toMatchObject({ score: 30.8254, cached: true, fetched_at: "2026-08-10T12:00:00.000Z" });
    expect(cnnCalls()).toBeGreaterThan(1);
  });

  it("computes weekly, monthly and WORLDWIDE trends from the daily snapshots the job stored, and says so", async () => {
    await service.jobs.runNow("trends-snapshots");
    clock.advance(DAY);
    trendDay = 1;
    await service.jobs.runNow("trends-snapshots");

    const daily = await call("/get_trends?period=daily&geo=us");
    expect(daily.body).toMatchObject({ period: "daily", geo: "US", source: "google_trends_rss", count: 2 });
    expect(daily.body.note).toBeUndefined();

    const weekly = await call("/get_trends?period=weekly&geo=US");
    expect(weekly.status).toBe(200);
    expect(Object.keys(weekly.body).sort()).toEqual(["cached", "count", "fetched_at", "geo", "note", "period", "source", "trends"]);
    expect(weekly.body.trends.map((t: { query: string; traffic: string }) => [t.query, t.traffic])).toEqual([
      ["Eclipse", "200K+"],
      ["gold", "10K+"],
      ["rates", "5000+"],
    ]);
    expect(weekly.body.note).toMatch(/union of 2 stored daily snapshot\(s\) of US/);
    expect(weekly.body.fetched_at).toBe(new Date(clock.nowMs() - 0).toISOString().slice(0, 10) + "T12:40:00.000Z");

    const worldwide = await call("/get_trends?period=daily&geo=WORLDWIDE");
    expect(worldwide.body.note).toMatch(/US, GB, IN, DE, FR, JP, BR, AU/);
    expect(worldwide.body.count).toBe(2); // each country's newest list only
    expect(worldwide.body.note).toMatch(/union of 8 stored daily snapshot/);

    const monthly = await call("/get_trends?period=monthly&geo=GB");
    expect(monthly.body.note).toMatch(/stored daily snapshot\(s\) of GB .*fetched 2026-01-01 to 2026-08-11/);
  });

  it("answers an aggregate with no stored dailies with 503 and Retry-After, charging nothing", async () => {
    const before = await payer.balance();
    const res = await call("/get_trends?period=weekly&geo=CA");
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/No daily Google Trends snapshots of CA/);
    expect(Number(res.headers.get("retry-after"))).toBe(1800);
    expect(await payer.balance()).toBe(before);
  });
});

describeWithShared("daily brief when every upstream fails", () => {
  let service: TestService;
  let payer: TestPayer;
  beforeAll(async () => {
    const down = createYahooReplayFetch({ routes: [{ match: /./, respond: () => new Response("<html>503</html>", { status: 503 }) }] });
    const moversDown = {
      name: "yahoo",
      universe: "US stocks",
      movers: async () => {
        throw new AppError("UPSTREAM_UNAVAILABLE", "Yahoo Finance unavailable: HTTP 503", { retryAfterSeconds: 30 });
      },
    };
    service = await startTestService({ importRecordings: false, feeds: { fetch: down, sleep: async () => undefined }, marketData: { movers: moversDown } });
    payer = await createTestPayer(service, 5_000_000n);
  });
  afterAll(async () => {
    await service?.close();
  });

  it("answers 503 with Retry-After and charges nothing when no section could be served", async () => {
    const before = await payer.balance();
    const res = await payer.pay("/daily_brief");
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("UPSTREAM_UNAVAILABLE");
    expect(res.headers.get("retry-after")).not.toBeNull();
    expect(await payer.balance()).toBe(before);
  });
});

