import { findCatalogRoute, isPaid } from "../../src/contracts/route-catalog.js";
import { SIGNAL_SCORING_JOB } from "../../src/jobs/signal-scoring.js";
import { FakeClock } from "../../test/support/fake-clock.js";
import { offlineTrading } from "../../test/support/offline-trading.js";
import { recordedHyperliquidAccount, recordedYahooSearch } from "../../test/support/recorded-upstreams.js";
import { queryOf } from "../../test/support/query-of.js";
import { DAILY_DATASET_DIR } from "../../test/support/shared-paths.js";
import { createTestPayer } from "../../test/support/test-payer.js";
import { startTestService, type TestServiceOptions } from "../../test/support/test-service.js";

export type ExampleParams = Record<string, string | number | boolean>;
export interface Answer {
  status: number;
  body: unknown;
}

/** A service an example is recorded on: calls one operation with the example's parameters, as a client would. */
export interface Deployment {
  call(operationId: string, params: ExampleParams): Promise<Answer>;
  close(): Promise<void>;
}

/**
 * The example deployment: the shared daily dataset and recordings, this moment, this pay-to address and this
 * signing key (well-known test keys; never use them for money). Examples name this moment (fired_at, as_of,
 * age_days) and the pay-to address, so it is fixed.
 */
export const EXAMPLE_NOW_MS = Date.parse("2026-11-23T12:00:00.000Z");
export const EXAMPLE_ENV = {
  PAY_TO: "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf",
  SIGNER_PRIVATE_KEY: `0x${"0".repeat(63)}2`,
};

/** The real service over its HTTP app, paid routes paid for on the embedded chain by a funded wallet. */
async function paidDeployment(options: TestServiceOptions): Promise<Deployment> {
  const service = await startTestService({ clock: new FakeClock(EXAMPLE_NOW_MS), ...options, env: { ...EXAMPLE_ENV, ...options.env } });
  const payer = await createTestPayer(service, 100_000_000n);
  return {
    call: async (operationId, params) => {
      const route = findCatalogRoute(operationId);
      const url = `${route.path}?${queryOf(params)}`;
      const method = route.methods.includes("POST") ? "POST" : "GET";
      const res = isPaid(route) ? await payer.pay(url, method) : await service.app.request(url, { method });
      return { status: res.status, body: (await res.json()) as unknown };
    },
    close: () => service.close(),
  };
}

/**
 * Yahoo search news and a Hyperliquid account answered from their recordings, which offline deployments cannot
 * reach (the narrative's headlines, the trading portfolio's positions).
 */
function recordedUpstreams() {
  const yahoo = recordedYahooSearch();
  const hyperliquid = recordedHyperliquidAccount();
  const fetch = (input: string | URL | Request, init?: RequestInit) =>
    String(input instanceof Request ? input.url : input).startsWith("https://api.hyperliquid.xyz/") ? hyperliquid(input, init) : yahoo(input, init);
  return { fetch, sleep: async () => undefined };
}

/** The firing schedule the signal-log examples were recorded after: SPY, QQQ and BTC-USD at the first instant of each day. */
const FIRING_DAYS = ["2024-06-03", "2024-07-01", "2024-08-01", "2024-09-03", "2024-10-01"];
const FIRED_TICKERS = ["SPY", "QQQ", "BTC-USD"];

/**
 * The signal log after /trading/signal fired on FIRING_DAYS (offline replay with the clock set back; called without
 * HTTP or payment, which the embedded chain cannot take at a clock years back) and the scoring job ran at the
 * example moment.
 */
async function replayedSignalLog(): Promise<Deployment> {
  const clock = new FakeClock(0);
  const trading = await offlineTrading(DAILY_DATASET_DIR, clock);
  const at = (iso: string) => clock.advance(Date.parse(iso) - clock.nowMs());
  for (const day of FIRING_DAYS) {
    at(`${day}T00:00:00.000Z`);
    for (const ticker of FIRED_TICKERS) await trading.handle("/trading/signal", { ticker });
  }
  at(new Date(EXAMPLE_NOW_MS).toISOString());
  await trading.jobs.runNow(SIGNAL_SCORING_JOB);
  return {
    call: async (operationId, params) => ({ status: 200, body: await trading.handle(findCatalogRoute(operationId).path, params) }),
    close: trading.close,
  };
}

export const DEPLOYMENTS = {
  example: () => paidDeployment({}),
  /** The example deployment with recorded upstreams, started apart so that its signal log is empty (live signals are fresh). */
  "example-with-recorded-upstreams": () => paidDeployment({ feeds: recordedUpstreams() }),
  "replayed-signal-log": replayedSignalLog,
} satisfies Record<string, () => Promise<Deployment>>;

export type DeploymentName = keyof typeof DEPLOYMENTS;
