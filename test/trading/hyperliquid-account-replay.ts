import { createHyperliquidReplayFetch, hyperliquidCassetteResponse } from "../support/replay-fetch.js";

/**
 * An account with no clearinghouse on the xyz DEX, in the shape of the recorded main-DEX answer with
 * nothing in it. No xyz recording exists; this is the only constructed answer the trading tests serve.
 */
export const EMPTY_CLEARINGHOUSE = JSON.stringify({
  assetPositions: [],
  crossMarginSummary: { accountValue: "0.0", totalMarginUsed: "0.0", totalNtlPos: "0.0", totalRawUsd: "0.0" },
  marginSummary: { accountValue: "0.0", totalMarginUsed: "0.0", totalNtlPos: "0.0", totalRawUsd: "0.0" },
  withdrawable: "0.0",
});

const dexOf = (init?: RequestInit) => (JSON.parse(String(init?.body)) as { dex: string }).dex;

/** The main DEX answers with the recorded clearinghouseState (test_get_user_state); xyz with an empty one. */
export function recordedAccountFetch() {
  return createHyperliquidReplayFetch({
    routes: [
      {
        match: "clearinghouseState",
        respond: (init) =>
          dexOf(init) === "" ? hyperliquidCassetteResponse("test_get_user_state") : new Response(EMPTY_CLEARINGHOUSE, { headers: { "content-type": "application/json" } }),
      },
    ],
  });
}
