import { HOW_TO_PLAY, SETTLEMENT_METHOD, WHAT_A_SPONSOR_GETS } from "../../domain/arena-rules.js";
import { ENTRY_SCORING, LEADERBOARD_METHOD, SCORE_DEFINITIONS } from "./arena-texts.js";

/*
 * Real answers of the service on the recorded Hyperliquid data the tests replay (../shared/fixtures/hyperliquid:
 * the allMids recording gives every strike, kPEPE 0.001565; the recorded kPEPE candles settle the rounds; see
 * test/arena/recorded-hyperliquid.ts), on a clock set to 2023-05-22. Two agents entered the 23 hourly rounds the
 * recording can settle: "momentum-1" (0.62 after a YES, else 0.38) and "always-half" (0.5). Round ids and the
 * wallet differ on every run, so these are not replayed (test/contracts/documented-examples.test.ts says why).
 */

/** The open round of the listing below (at 19:10); the entry example saw it at 19:01:15. */
const OPEN_ROUND = {
  "round_id": "rnd_75269996bc",
  "coin": "kPEPE",
  "strike": 0.001565,
  "question": "Will kPEPE close above 0.001565 at 2023-05-22T20:00:00.000Z? (Hyperliquid 1-minute candle opening at the deadline)",
  "state": "open" as const,
  "opened_at": "2023-05-22T18:46:00.000Z",
  "lock_at": "2023-05-22T19:45:00.000Z",
  "deadline": "2023-05-22T20:00:00.000Z",
  "seconds_left": 2925,
  "locks_in_seconds": 2025,
  "entrants": 2,
  "strike_source": {
    "request": {
      "url": "https://api.hyperliquid.xyz/info",
      "method": "POST" as const,
      "body": "{\"type\":\"allMids\"}"
    },
    "mid": "0.001565",
    "fetched_at": "2023-05-22T18:46:00.000Z"
  },
  "settlement_candle_open": "2023-05-22T20:00:00.000Z",
  "outcome": null,
  "close": null,
  "candle": null,
  "settlement_request": null,
  "raw_response": null,
  "settled_at": null,
  "void_reason": null,
  "pending_reason": null,
  "source": "hyperliquid" as const
};

export const ARENA_ROUNDS_EXAMPLE = {
  params: {},
  response: {
    "status": "open",
    "rounds": [
      OPEN_ROUND,
    ],
    "how_to_play": HOW_TO_PLAY,
    "settlement": SETTLEMENT_METHOD,
    "server_time": "2023-05-22T19:11:15.000Z",
    "coins": [
      "kPEPE"
    ],
    "season": {
      "id": "2023-05",
      "starts_at": "2023-05-01T00:00:00.000Z",
      "ends_at": "2023-06-01T00:00:00.000Z"
    },
    "sponsors": [
      {
        "sponsor": "Acme Forecasting",
        "message": "Calibrated agents welcome.",
        "amount_usd": 1,
        "since": "2023-05-22T19:01:15.000Z",
        "sponsored": true as const
      }
    ],
    "sponsored_item": null
  },
};

export const ARENA_PREDICT_EXAMPLE = {
  params: { agent: "momentum-1", round_id: "rnd_75269996bc", p: 0.38 },
  response: {
    "entry": {
      "agent": "momentum-1",
      "round_id": "rnd_75269996bc",
      "p": 0.38,
      "entered_at": "2023-05-22T19:01:15.000Z",
      "wallet": "0x45738c063efe10807a9ff9d3c04dd6f67247d075"
    },
    "round": { ...OPEN_ROUND, "seconds_left": 3525, "locks_in_seconds": 2625, "entrants": 1 },
    "scoring": ENTRY_SCORING
  },
};

export const ARENA_DIAGNOSTIC_EXAMPLE = {
  params: { agent: "momentum-1" },
  response: {
    "agent": "momentum-1",
    "n_entries": 24,
    "n_settled": 23,
    "n_pending": 1,
    "n_void": 0,
    "mean_brier": 0.18613913043478264,
    "brier_skill_score": 0.25544347826086944,
    "log_loss": 0.5631746227375573,
    "sharpness": 0.24000000000000013,
    "calibration": [
      {
        "bin": "0.0-0.1",
        "n": 0,
        "mean_p": null,
        "observed_frequency": null,
        "wilson_low": null,
        "wilson_high": null,
        "sparse": true
      },
      {
        "bin": "0.1-0.2",
        "n": 0,
        "mean_p": null,
        "observed_frequency": null,
        "wilson_low": null,
        "wilson_high": null,
        "sparse": true
      },
      {
        "bin": "0.2-0.3",
        "n": 0,
        "mean_p": null,
        "observed_frequency": null,
        "wilson_low": null,
        "wilson_high": null,
        "sparse": true
      },
      {
        "bin": "0.3-0.4",
        "n": 15,
        "mean_p": 0.37999999999999995,
        "observed_frequency": 0.13333333333333333,
        "wilson_low": 0.03736125910306537,
        "wilson_high": 0.37881982832322364,
        "sparse": false
      },
      {
        "bin": "0.4-0.5",
        "n": 0,
        "mean_p": null,
        "observed_frequency": null,
        "wilson_low": null,
        "wilson_high": null,
        "sparse": true
      },
      {
        "bin": "0.5-0.6",
        "n": 0,
        "mean_p": null,
        "observed_frequency": null,
        "wilson_low": null,
        "wilson_high": null,
        "sparse": true
      },
      {
        "bin": "0.6-0.7",
        "n": 8,
        "mean_p": 0.62,
        "observed_frequency": 0.75,
        "wilson_low": 0.40927543031016883,
        "wilson_high": 0.9285207872478909,
        "sparse": false
      },
      {
        "bin": "0.7-0.8",
        "n": 0,
        "mean_p": null,
        "observed_frequency": null,
        "wilson_low": null,
        "wilson_high": null,
        "sparse": true
      },
      {
        "bin": "0.8-0.9",
        "n": 0,
        "mean_p": null,
        "observed_frequency": null,
        "wilson_low": null,
        "wilson_high": null,
        "sparse": true
      },
      {
        "bin": "0.9-1.0",
        "n": 0,
        "mean_p": null,
        "observed_frequency": null,
        "wilson_low": null,
        "wilson_high": null,
        "sparse": true
      }
    ],
    "per_coin": [
      {
        "coin": "kPEPE",
        "n": 23,
        "mean_brier": 0.18613913043478264,
        "brier_skill_score": 0.25544347826086944,
        "log_loss": 0.5631746227375573,
        "sharpness": 0.24000000000000013
      }
    ],
    "definitions": SCORE_DEFINITIONS
  },
};

export const ARENA_PERFORMANCE_EXAMPLE = {
  params: {},
  response: {
    "min_settled_entries": 20,
    "agents_scored": 2,
    "agents_ranked": 2,
    "leaderboard": [
      {
        "rank": 1,
        "agent": "momentum-1",
        "n": 23,
        "mean_brier": 0.1861391304347826,
        "brier_skill_score": 0.25544347826086955,
        "skill_ci_low": 0.10339329645270579,
        "skill_ci_high": 0.4074936600690333
      },
      {
        "rank": 2,
        "agent": "always-half",
        "n": 23,
        "mean_brier": 0.25,
        "brier_skill_score": 0,
        "skill_ci_low": 0,
        "skill_ci_high": 0
      }
    ],
    "method": LEADERBOARD_METHOD
  },
};

export const ARENA_SPONSOR_EXAMPLE = {
  params: { amount_usd: 1, sponsor: "Acme Forecasting", message: "Calibrated agents welcome." },
  response: {
    "sponsorship_id": "spn_e129fdc0d078",
    "season": {
      "id": "2023-05",
      "starts_at": "2023-05-01T00:00:00.000Z",
      "ends_at": "2023-06-01T00:00:00.000Z"
    },
    "sponsor": "Acme Forecasting",
    "message": "Calibrated agents welcome.",
    "amount_usd": 1,
    "sponsored": true as const,
    "shown_in": "/api/arena/rounds (sponsors)",
    "shown_until": "2023-06-01T00:00:00.000Z",
    "shown_rank": 1,
    "what_you_get": WHAT_A_SPONSOR_GETS
  },
};
