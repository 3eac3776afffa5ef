import path from "node:path";
import type { FacilitatorClient } from "@x402/core/server";
import { HTTPFacilitatorClient } from "@x402/core/server";
import type { Address, Hex } from "viem";
import { ConfigError, type Config } from "../config/config.js";
import { redactUrl } from "../config/redact-url.js";
import type { TestMoneyMint } from "../http/routes/dev/dev-faucet.js";
import type { AuthorizationState, EmbeddedPaymentNetwork } from "../payments/embedded/embedded-facilitator.js";
import type { PaymentLane } from "../payments/embedded/payment-lanes.js";
import type { PaymentNetworkThread } from "../payments/embedded/payment-network-thread.js";
import { assertFacilitatorSettlesBase } from "../payments/facilitator-startup-check.js";
import { discoverRemoteTestMoney } from "../payments/remote-test-money.js";
import type { ServiceKeys } from "./persistent-keys.js";

export interface FacilitatorWiring {
  facilitator: FacilitatorClient;
  embedded: EmbeddedPaymentNetwork | undefined;
  /** The faucet behind POST /dev/faucet: the embedded chain's, or the standalone facilitator's. */
  testMoney: TestMoneyMint | undefined;
  payTo: string;
  /** An exception from an HTTP facilitator is upstream trouble; from the in-process one, a bad payment. */
  thrownMeans: "upstream" | "payment";
  /** On-chain state of an authorization, where the facilitator exposes the chain (reconciliation). */
  authorizationState: ((payer: Address, nonce: Hex) => Promise<AuthorizationState>) | undefined;
  /** The facilitator as a log line may name it (no credentials). */
  description: string;
  /** Resolves when the facilitator can settle (the embedded chain booted on its thread); an HTTP one was checked already. */
  ready: Promise<void>;
}

/**
 * Picks the facilitator: the embedded chain on its own thread (default; its state journaled in DATA_DIR), or an HTTP one
 * (`npm run facilitator`, CDP, any x402 facilitator), which must answer `/supported` with `exact` on Base
 * before the node starts. With CDP keys, requests are signed by Coinbase's own @coinbase/x402.
 */
export async function buildFacilitator(
  config: Readonly<Config>,
  keys: ServiceKeys,
  /** The lane of the payment being verified or settled, for the embedded chain's thread (./payment-lanes.ts). */
  laneOfPayment?: () => PaymentLane | undefined,
  /** An embedded network already running (a test seam of buildService): used instead of starting one. */
  running?: PaymentNetworkThread,
): Promise<FacilitatorWiring> {
  if (config.facilitator.mode === "embedded") {
    // The chain and the facilitator run on their own thread (hardhat, an optional dependency, loads there);
    // it boots while the service starts and listens, and paid calls made before then wait for it.
    const embedded =
      running ??
      (await import("../payments/embedded/payment-network-thread.js")).spawnPaymentNetworkThread(
        { facilitatorPrivateKey: keys.embeddedFacilitatorKey, journalFile: path.join(config.dataDir, "chain-journal.ndjson") },
        { laneOfPayment },
      );
    return {
      facilitator: embedded.facilitator,
      embedded,
      testMoney: embedded,
      payTo: config.payTo ?? keys.embeddedPayTo,
      thrownMeans: "payment",
      authorizationState: embedded.authorizationState,
      description: "embedded",
      ready: embedded.ready,
    };
  }
  // The config already moved any `user:password@` of FACILITATOR into basicAuth, so the URL is safe to log.
  const { url, cdpKeyId, cdpKeySecret, basicAuth } = config.facilitator;
  const description = redactUrl(url);
  const auth =
    cdpKeyId !== undefined && cdpKeySecret !== undefined
      ? // Coinbase's SDK (~0.1 s of module loading) only when CDP keys are set.
        (await import("@coinbase/x402")).createFacilitatorConfig(cdpKeyId, cdpKeySecret).createAuthHeaders
      : basicAuth === undefined
        ? undefined
        : async () => ({ verify: { Authorization: basicAuth }, settle: { Authorization: basicAuth }, supported: { Authorization: basicAuth } });
  const facilitator = new HTTPFacilitatorClient({ url, ...(auth === undefined ? {} : { createAuthHeaders: auth }) });
  await assertFacilitatorSettlesBase(facilitator, description);
  const testMoney = auth === undefined ? await discoverRemoteTestMoney(url) : undefined;
  const payTo = config.payTo ?? testMoney?.payTo;
  if (payTo === undefined) {
    throw new ConfigError(
      `Invalid configuration:\n  PAY_TO is required with FACILITATOR=${description} (only \`npm run facilitator\` tells nodes a test recipient)`,
    );
  }
  return {
    facilitator,
    embedded: undefined,
    testMoney,
    payTo,
    thrownMeans: "upstream",
    authorizationState: testMoney?.authorizationState,
    description,
    ready: Promise.resolve(),
  };
}
