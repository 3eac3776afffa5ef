import type { Address, Hex } from "viem";
import type { AuthorizationState } from "./embedded/embedded-facilitator.js";

/**
 * The `/dev/` side of the standalone facilitator (`npm run facilitator`), as a node sees it: the recipient
 * every node must quote, the faucet (so a node can keep serving POST /dev/faucet), and the on-chain state
 * of an authorization (for reconciliation). Only our own test-money facilitator answers these.
 */
export interface RemoteTestMoney {
  payTo: Address;
  mintUsdc(to: Address, atomicAmount: bigint): Promise<string>;
  balanceOf(address: Address): Promise<bigint>;
  authorizationState(payer: Address, nonce: Hex): Promise<AuthorizationState>;
}

const TIMEOUT_MS = 10_000;

/** The facilitator's test-money side, or undefined when it has none (a real facilitator such as CDP). */
export async function discoverRemoteTestMoney(baseUrl: string): Promise<RemoteTestMoney | undefined> {
  const base = baseUrl.replace(/\/+$/, "");
  const info = await getJson<{ testMoney?: boolean; payTo?: string }>(`${base}/dev/info`).catch(() => undefined);
  if (info?.testMoney !== true || typeof info.payTo !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(info.payTo)) return undefined;
  return {
    payTo: info.payTo as Address,
    mintUsdc: async (to, atomicAmount) => {
      const usd = Number(atomicAmount) / 1e6;
      const res = await fetch(`${base}/dev/faucet?address=${to}&amount=${usd}`, { method: "POST", signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`facilitator faucet answered ${res.status}`);
      return ((await res.json()) as { transaction: string }).transaction;
    },
    balanceOf: async (address) => BigInt((await getJson<{ balance_atomic: string }>(`${base}/dev/balance?address=${address}`)).balance_atomic),
    authorizationState: (payer, nonce) => getJson<AuthorizationState>(`${base}/dev/authorization?payer=${payer}&nonce=${nonce}`),
  };
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!res.ok) throw new Error(`${new URL(url).pathname} answered ${res.status}`);
  return (await res.json()) as T;
}
