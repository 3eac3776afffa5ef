import { describe, expect, it } from "vitest";
import { FakeClock } from "../support/fake-clock.js";
import { paidRoutes, queryOf } from "../support/paid-routes.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { queryExamples } from "../support/openapi-examples.js";

/**
 * The example deployment the documented examples were recorded on: the shared offline dataset, this
 * moment, this pay-to address and this signing key (well-known test keys; never use them for money).
 */
const EXAMPLE_NOW_MS = Date.parse("2026-11-23T12:00:00.000Z");
const EXAMPLE_ENV = {
  PAY_TO: "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf",
  SIGNER_PRIVATE_KEY: `0x${"0".repeat(63)}2`,
};

/** Answers that cannot be replayed offline, with the reason. */
const NOT_REPLAYABLE: Record<string, string> = {
  "/dev/faucet": "the transaction hash depends on the embedded chain's state",
  "/api/sectors/momentum": "the offline dataset holds none of the sector ETFs (404, see the contract walk)",
  // Alerts: each registration draws a new random watch_id and secret, and the status and cancel examples name
  // a registered alert; test/alerts checks these answers field by field instead.
  "/watch/register": "watch_id and secret are random per registration",
  "/pattern_alert": "watch_id and secret are random per registration",
  "/watch/status": "names an alert registered on the example deployment",
  "/watch/cancel": "names an alert registered on the example deployment",
  "/pattern_alert/status": "names an alert registered on the example deployment",
  "/pattern_alert/cancel": "names an alert registered on the example deployment",
  // Feeds: examples are abridged from the real recordings (long lists cut); test/feeds checks each full answer.
  "/get_fear_greed": "abridged from the CNN recording",
  "/get_earnings_calendar": "abridged from the Nasdaq recording",
  "/get_economic_calendar": "abridged from the ForexFactory recording",
  "/search_preprints": "abridged from the arXiv recording",
  "/get_fundamentals": "abridged from the Yahoo quoteSummary recording",
  "/get_options_chain": "abridged from the Yahoo options recording",
  "/get_trends": "no public recording exists (503 offline)",
  "/get_hardware_prices": "no public recording exists (503 offline)",
  "/daily_brief": "abridged from the recordings of its sections",
  "/trading/signal": "every signal fired gets a new random id (the rest is checked in test/trading)",
  "/trading/signals/history": "the answer is whatever the signal log holds (recorded on a replayed log; see trading-examples.ts)",
  "/trading/performance": "the answer is whatever the signal log holds (recorded on a replayed log; see trading-examples.ts)",
  "/api/probe": "probes an origin over the network (a recording with the origin renamed; test/probe checks it against a live probe)",
  // Demand reports: the answer is whatever the request log (and the router, probe and mirrors) holds; the examples show the
  // shapes on a synthetic log and test/demand checks every report against known answers.
  ...Object.fromEntries(
    ["about", "top", "unmet", "conversion", "competitors", "intent", "crawl-to-refer", "matches", "pricing", "reliability"].map((r) => [
      `/api/demand/${r}`,
      "the answer is whatever the request log holds (shapes on a synthetic log; test/demand checks known answers)",
    ]),
  ),
  "/what-agents-want": "the answer is whatever the request log holds (shapes on a synthetic log; test/demand checks known answers)",
  "/api/route": "buys from a live third-party seller (mounted only with ROUTE_WALLET_PRIVATE_KEY); test/fulfilment checks real purchases",
  "/api/ads/campaign": "campaign_id and the advertiser wallet are new per purchase (test/ads checks the answer)",
  "/api/ads/campaign/status": "names a campaign bought on the example deployment",
  "/api/ads/serve": "the impression id is random and the item depends on the campaigns bought (see ads-examples.ts)",
  "/api/ads/network": "the figures are whatever the network served (recorded after the purchases in ads-examples.ts)",
  "/api/discover/go": "answers 302, not a body (test/discovery/router-routes.test.ts follows go links)",
  "/api/discover/outcome": "every report stored gets a new random id (test/discovery checks the acknowledgement)",
  // Arena: recorded on the replayed Hyperliquid answers with a 2023 clock (arena-examples.ts); round ids, sponsorship ids and
  // wallets are random per run, and the example deployment opens no rounds (no Hyperliquid offline). test/arena checks the answers.
  "/api/arena/rounds": "rounds exist only where the jobs could reach Hyperliquid (recorded in test/arena)",
  "/api/arena/predict": "names a round opened on the recorded Hyperliquid data; round ids are random",
  "/api/arena/diagnostic": "names an agent with entries on the recorded Hyperliquid data",
  "/api/arena/performance": "the leaderboard is whatever entries were settled (recorded in test/arena)",
  "/api/arena/sponsor": "the sponsorship id is random per call",
  "/api/signals/live": "a fresh signal gets a new random id and a reused one depends on the log (checked in test/trading)",
  "/trading/portfolio": "live Hyperliquid account data: offline deployments answer 503 (replayed from the recording in test/trading)",
  "/api/narrative": "its headlines are live Yahoo search news (the example replays a recording in test/trading; offline they are unavailable)",
  "/trading/scan": "every signal fired gets a new random id (the rest is checked in test/trading)",
};

type Operation = {
  requestBody?: { content: { "application/json": { example?: Record<string, string | number | boolean> } } };
  responses: { "200": { content: { "application/json": { example: unknown } } } };
  "x-payment-info"?: unknown;
  parameters?: { name: string; in: string; schema?: { example?: unknown } }[];
};

/** Every documented 200 example in /openapi.json is, exactly, what the example deployment answers. */
describe.skipIf(!SHARED_PRESENT)("documented examples are real answers on the offline dataset", () => {
  const harness = paidRoutes({ clock: new FakeClock(EXAMPLE_NOW_MS), env: EXAMPLE_ENV });

  const freeCall = async (url: string, method: "GET" | "POST") => {
    const res = await harness.service().app.request(url, { method });
    return { status: res.status, body: (await res.json()) as unknown };
  };

  it("answers each operation's example parameters with its example response", async () => {
    const doc = (await (await harness.service().app.request("/openapi.json")).json()) as { paths: Record<string, Record<string, Operation>> };
    let compared = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      if (path in NOT_REPLAYABLE) continue;
      const op = methods.post ?? methods.get;
      const url = `${path}?${queryOf(op.requestBody?.content["application/json"].example ?? queryExamples(op))}`;
      const { status, body } = op["x-payment-info"] === undefined ? await freeCall(url, methods.post === undefined ? "GET" : "POST") : await harness.call(url);
      expect([path, status]).toEqual([path, 200]);
      expect(body, path).toEqual(op.responses["200"].content["application/json"].example);
      compared += 1;
    }
    expect(compared).toBeGreaterThanOrEqual(20);
  });
});
