import type { FacilitatorClient } from "@x402/core/server";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { Hono } from "hono";
import type { Logger } from "pino";
import type { Address, Hex } from "viem";
import type { AuthorizationState } from "../embedded/embedded-facilitator.js";
import { loggableError, loggableReason } from "../loggable-failure.js";
import { publicPaymentReason } from "../public-payment-reason.js";
import { BASE_NETWORK, USDC_ADDRESS, USDC_DECIMALS } from "../usdc-on-base.js";

/** What the standalone facilitator serves: the embedded chain's facilitator, its faucet and its recipient. */
export interface FacilitatorBackend {
  facilitator: FacilitatorClient;
  payTo: Address;
  mintUsdc(to: Address, atomicAmount: bigint): Promise<Hex>;
  balanceOf(address: Address): Promise<bigint>;
  authorizationState(payer: Address, nonce: Hex): Promise<AuthorizationState>;
}

/** Largest single faucet mint: 1 000 test USDC. */
const MAX_FAUCET_USD = 1_000;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const NONCE = /^0x[0-9a-fA-F]{64}$/;

interface FacilitatorRequestBody {
  paymentPayload?: PaymentPayload;
  paymentRequirements?: PaymentRequirements;
}

/**
 * The standard x402 facilitator HTTP interface (what `HTTPFacilitatorClient` calls): `GET /supported`,
 * `POST /verify`, `POST /settle`, each body `{x402Version, paymentPayload, paymentRequirements}`. Plus, for
 * test money only, under `/dev/`: the faucet, balances, the recipient every node should use, and the
 * on-chain state of an authorization (what reconciliation asks after a crash). An exception inside the
 * facilitator (a payload it chokes on) answers a failed result with a code, never the exception text.
 */
export function createFacilitatorApp(backend: FacilitatorBackend, logger: Logger): Hono {
  const app = new Hono();
  const { facilitator } = backend;

  app.get("/supported", async (c) => c.json(await facilitator.getSupported()));

  app.post("/verify", async (c) => {
    const body = await requestBody(c.req.raw);
    if (body === undefined) return c.json({ isValid: false, invalidReason: "invalid_payload" }, 400);
    try {
      const result = await facilitator.verify(body.paymentPayload, body.paymentRequirements);
      return c.json({ ...result, invalidReason: result.isValid ? undefined : publicPaymentReason(result.invalidReason, "invalid_payment"), invalidMessage: undefined });
    } catch (error) {
      logger.warn({ error: loggableError(error) }, "verify threw");
      return c.json({ isValid: false, invalidReason: "invalid_payload" });
    }
  });

  app.post("/settle", async (c) => {
    const body = await requestBody(c.req.raw);
    if (body === undefined) return c.json({ success: false, errorReason: "invalid_payload", transaction: "", network: BASE_NETWORK }, 400);
    try {
      const result = await facilitator.settle(body.paymentPayload, body.paymentRequirements);
      if (result.success) return c.json(result);
      logger.warn({ errorReason: loggableReason(result.errorReason), detail: loggableReason(result.errorMessage) }, "settlement failed");
      return c.json({ ...result, errorReason: publicPaymentReason(result.errorReason, "settlement_failed"), errorMessage: undefined });
    } catch (error) {
      logger.error({ error: loggableError(error) }, "settle threw");
      return c.json({ success: false, errorReason: "unexpected_settle_error", transaction: "", network: BASE_NETWORK });
    }
  });

  app.get("/dev/info", (c) =>
    c.json({ testMoney: true, network: BASE_NETWORK, asset: USDC_ADDRESS, payTo: backend.payTo, note: "Test USDC on a local chain; worthless." }),
  );

  app.post("/dev/faucet", async (c) => {
    const address = c.req.query("address") ?? "";
    const amountUsd = Number(c.req.query("amount") ?? "1");
    if (!ADDRESS.test(address) || !(amountUsd > 0 && amountUsd <= MAX_FAUCET_USD)) {
      return c.json({ error: { code: "VALIDATION_FAILED", message: `address must be 0x + 40 hex, amount in (0, ${MAX_FAUCET_USD}] USD` } }, 422);
    }
    const atomic = BigInt(Math.round(amountUsd * 10 ** USDC_DECIMALS));
    const transaction = await backend.mintUsdc(address as Address, atomic);
    const balance = await backend.balanceOf(address as Address);
    return c.json({ address, minted_atomic: atomic.toString(), balance_atomic: balance.toString(), transaction });
  });

  app.get("/dev/balance", async (c) => {
    const address = c.req.query("address") ?? "";
    if (!ADDRESS.test(address)) return c.json({ error: { code: "VALIDATION_FAILED", message: "address must be 0x + 40 hex" } }, 422);
    return c.json({ address, balance_atomic: (await backend.balanceOf(address as Address)).toString() });
  });

  app.get("/dev/authorization", async (c) => {
    const payer = c.req.query("payer") ?? "";
    const nonce = c.req.query("nonce") ?? "";
    if (!ADDRESS.test(payer) || !NONCE.test(nonce)) return c.json({ error: { code: "VALIDATION_FAILED", message: "payer: 0x + 40 hex, nonce: 0x + 64 hex" } }, 422);
    return c.json(await backend.authorizationState(payer as Address, nonce as Hex));
  });

  app.onError((error, c) => {
    logger.error({ error: loggableError(error) }, "facilitator request failed");
    return c.json({ error: { code: "INTERNAL", message: "facilitator error" } }, 500);
  });
  return app;
}

async function requestBody(request: Request): Promise<Required<FacilitatorRequestBody> | undefined> {
  const body = (await request.json().catch(() => undefined)) as FacilitatorRequestBody | undefined;
  if (body?.paymentPayload === undefined || body.paymentRequirements === undefined) return undefined;
  if (typeof body.paymentPayload !== "object" || typeof body.paymentRequirements !== "object") return undefined;
  return { paymentPayload: body.paymentPayload, paymentRequirements: body.paymentRequirements };
}
