import Sentiment from "sentiment";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { narrativeContract } from "../../src/contracts/trading/narrative.js";
import { EXAMPLE_NOW_MS } from "../../scripts/examples/example-deployments.js";
import { FakeClock } from "../support/fake-clock.js";
import { startPaidService, type PaidService } from "../support/paid-routes.js";
import { envelopeResponse, loadYahooEnvelope } from "../support/replay-fetch.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { recordedSearchFetch } from "./yahoo-search-replay.js";

type Body = Record<string, any>;

/** The AAPL recording with only its first `n` headlines (a quiet news day), served for MSFT. */
function fewHeadlines(n: number) {
  const envelope = loadYahooEnvelope("search-AAPL.json");
  const body = envelope.response.bodyJson as { news: unknown[] };
  return envelopeResponse({ ...envelope, response: { ...envelope.response, bodyJson: { ...body, news: body.news.slice(0, n) } } });
}

describe.skipIf(!SHARED_PRESENT)("/api/narrative with Yahoo search replayed from the recordings", () => {
  let started: PaidService;
  beforeAll(async () => {
    const fetch = recordedSearchFetch([
      { match: /\/v1\/finance\/search\?(.*&)?q=MSFT(&|$)/, respond: () => fewHeadlines(2) },
      { match: /\/v1\/finance\/search\?(.*&)?q=NVDA(&|$)/, respond: () => new Response("busy", { status: 429, headers: { "Retry-After": "300" } }) },
    ]);
    started = await startPaidService({ clock: new FakeClock(EXAMPLE_NOW_MS), feeds: { fetch, sleep: async () => undefined } });
  }, 60_000);
  afterAll(async () => started?.service.close());

  it("answers the documented example: momentum with its dates, every recorded headline scored by the lexicon, their mean, a theme", async () => {
    const { status, body } = await started.call("/api/narrative?ticker=AAPL");
    expect(status).toBe(200);
    expect(body).toEqual(narrativeContract.example.response);
    const recorded = (loadYahooEnvelope("search-AAPL.json").response.bodyJson as { news: { title: string }[] }).news;
    expect(body.news.headlines.map((h: Body) => h.title)).toEqual(recorded.map((n) => n.title));
    const lexicon = new Sentiment();
    for (const h of body.news.headlines) expect([h.score, h.comparative]).toEqual([lexicon.analyze(h.title).score, lexicon.analyze(h.title).comparative]);
    const mean = body.news.headlines.reduce((a: number, h: Body) => a + h.comparative, 0) / body.news.headlines.length;
    expect(body.sentiment.value).toBeCloseTo(mean, 12);
    // Momentum: AAPL's offline history ends 2024-12-06; a week back is the close of 2024-11-29.
    expect(body.momentum.map((m: Body) => [m.period, m.from_date, m.to_date])).toEqual([
      ["1w", "2024-11-29", "2024-12-06"],
      ["1m", "2024-11-06", "2024-12-06"],
      ["3m", "2024-09-06", "2024-12-06"],
    ]);
  });

  it("leaves the sentiment null with the reason when too few headlines are found or the source fails, and still serves momentum", async () => {
    const quiet = (await started.call("/api/narrative?ticker=MSFT")).body;
    expect([quiet.news.count, quiet.sentiment.value, quiet.sentiment.label]).toEqual([2, null, null]);
    expect(quiet.sentiment.reason).toMatch(/only 2 headline/);
    const down = await started.call("/api/narrative?ticker=NVDA");
    expect(down.status).toBe(200);
    expect([down.body.news.count, down.body.sentiment.value, down.body.theme.tag]).toEqual([0, null, null]);
    expect(down.body.news.unavailable_reason).toMatch(/unavailable/);
    expect(down.body.momentum[0].return).toEqual(expect.any(Number));
  });

  it("answers 404 for an unknown ticker and 422 without one, uncharged", async () => {
    const before = await started.payer.balance();
    const unknown = await started.call("/api/narrative?ticker=NOSUCH");
    expect([unknown.status, unknown.body.error.code]).toEqual([404, "UNKNOWN_TICKER"]);
    await started.expect422("/api/narrative", "ticker");
    expect(await started.payer.balance()).toBe(before);
  });
});
