import type { FacilitatorClient } from "@x402/core/server";
import { BASE_NETWORK } from "./usdc-on-base.js";

/** Raised at start-up when the configured facilitator cannot settle our payments: the node refuses to start. */
export class FacilitatorUnusableError extends Error {
  override readonly name = "FacilitatorUnusableError";
}

const CHECK_TIMEOUT_MS = 10_000;

/**
 * Asks the facilitator's `/supported` whether it settles x402 v2 `exact` on Base mainnet. A node whose
 * facilitator is unreachable, is not a facilitator, or settles other networks would otherwise start,
 * say it is listening, and answer 503 to every paid call.
 */
export async function assertFacilitatorSettlesBase(facilitator: FacilitatorClient, where: string): Promise<void> {
  let supported: Awaited<ReturnType<FacilitatorClient["getSupported"]>>;
  try {
    supported = await withTimeout(facilitator.getSupported(), CHECK_TIMEOUT_MS);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0].slice(0, 200) : "no answer";
    throw new FacilitatorUnusableError(`The payment facilitator ${where} did not answer GET /supported (${reason}); refusing to start.`);
  }
  const kinds = Array.isArray(supported?.kinds) ? supported.kinds : [];
  const settlesBase = kinds.some((k) => k.x402Version === 2 && k.scheme === "exact" && k.network === BASE_NETWORK);
  if (!settlesBase) {
    const offered = kinds.map((k) => `v${k.x402Version} ${k.scheme} ${k.network}`).join(", ") || "nothing";
    throw new FacilitatorUnusableError(
      `The payment facilitator ${where} does not settle x402 v2 "exact" on ${BASE_NETWORK} (it offers: ${offered}); refusing to start.`,
    );
  }
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
