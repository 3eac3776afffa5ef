import { readFileSync } from "node:fs";
import path from "node:path";
import { createHyperliquidReplayFetch, loadHyperliquidBody, type ReplayFetch, type ReplayRoute } from "../support/replay-fetch.js";
import { SHARED_DIR } from "../support/shared-paths.js";

/**
 * The recorded Hyperliquid answers (hyperliquid-python-sdk cassettes in ../shared/fixtures/hyperliquid):
 * `meta` (28 perps, 2023), `allMids` (kPEPE 0.001565, BTC 30135.0) and a kPEPE candleSnapshot of 24 hourly
 * candles (2023-05-21T20:00Z to 2023-05-22T19:00Z).
 */
export type RecordedCandle = { t: number; T: number; s: string; i: string; o: string; c: string; h: string; l: string; v: string; n: number };

export const recordedCandles = (): RecordedCandle[] => JSON.parse(loadHyperliquidBody("test_get_candles_snapshot")) as RecordedCandle[];

/** The JSON body of a cassette's last request (vcrpy folds long single-quoted scalars over lines). */
export function recordedRequestBody(stem: string): unknown {
  const text = readFileSync(path.join(SHARED_DIR, "fixtures", "hyperliquid", `${stem}.yaml`), "utf8");
  const bodies = [...text.matchAll(/- request:\n\s+body: '([\s\S]*?)'\n\s+headers:/g)];
  return JSON.parse(bodies.at(-1)![1].replace(/\n\s+/g, " "));
}

/**
 * Hyperliquid as the arena sees it in tests: meta and allMids from the recordings; candleSnapshot answers the
 * recorded kPEPE prices as Hyperliquid would for the window asked, each recorded hourly candle standing for
 * the 1-minute candle opening at the same instant (the recordings hold no 1-minute candles): same t, o, h, l,
 * c, v and n, with i = "1m" and T = t + 59999. A window holding no recorded candle answers [] (as Hyperliquid
 * does). `routes` come first (failures, drift).
 */
export function arenaUpstream(routes: ReplayRoute[] = []): ReplayFetch {
  const candles = recordedCandles();
  const candleRoute: ReplayRoute = {
    match: "candleSnapshot",
    respond: (init) => {
      const { req } = JSON.parse(String(init?.body)) as { req: { coin: string; interval: string; startTime: number; endTime: number } };
      const answer = candles
        .filter((c) => c.s === req.coin && c.t >= req.startTime && c.t <= req.endTime)
        .map((c) => ({ ...c, i: req.interval, T: c.t + 59_999 }));
      return new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
    },
  };
  return createHyperliquidReplayFetch({
    byType: { meta: "test_get_info", allMids: "test_get_all_mids" },
    routes: [...routes, candleRoute],
  });
}
