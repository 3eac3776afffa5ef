import { EMPTY_CLEARINGHOUSE } from "../support/recorded-upstreams.js";
import { createHyperliquidReplayFetch, hyperliquidCassetteResponse } from "../support/replay-fetch.js";

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
