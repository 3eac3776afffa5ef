import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll } from "vitest";
import type { Resolve } from "../../src/providers/http/safe-outbound-client.js";
import { createTestPayer, type TestPayer } from "./test-payer.js";
import { startTestService, type TestService } from "./test-service.js";
import { startX402Seller, type TestSeller } from "./x402-seller.js";

export interface RouteHarness {
  service: TestService;
  seller: TestSeller;
  payer: TestPayer;
  routeWallet: `0x${string}`;
  /** Test USDC balance of an address on the embedded chain. */
  balance(address: string): Promise<bigint>;
}

/** Names the SSRF tests resolve: a public-looking name that points at a private address, and one at the metadata address. */
export const routeTestDns: Resolve = async (host) => {
  if (host === "rebind.example.com") return [{ address: "10.0.0.5", family: 4 }];
  if (host === "metadata.example.com") return [{ address: "169.254.169.254", family: 4 }];
  throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: "ENOTFOUND" });
};

/**
 * The service with a funded route wallet (ROUTE_WALLET_PRIVATE_KEY, minted from the embedded chain's
 * faucet), loopback allowed for plain http (OUTBOUND_ALLOW_HOSTS=127.0.0.1), a stock x402 seller settling
 * on the same embedded chain, and a funded caller; started and closed by the enclosing describe's hooks.
 */
export function routeHarness(env: Record<string, string> = {}): () => RouteHarness {
  let harness: RouteHarness | undefined;
  beforeAll(async () => {
    const key = generatePrivateKey();
    const routeWallet = privateKeyToAccount(key).address;
    const service = await startTestService({ env: { ROUTE_WALLET_PRIVATE_KEY: key, OUTBOUND_ALLOW_HOSTS: "127.0.0.1", ...env }, outboundResolve: routeTestDns });
    const embedded = service.embedded!;
    await embedded.mintUsdc(routeWallet, 20_000_000n);
    const seller = await startX402Seller(embedded.facilitator);
    const payer = await createTestPayer(service, 50_000_000n);
    harness = { service, seller, payer, routeWallet, balance: (address) => embedded.balanceOf(address as `0x${string}`) };
  });
  afterAll(async () => {
    await harness?.seller.close();
    await harness?.service.close();
  });
  return () => {
    if (harness === undefined) throw new Error("routeHarness: not started (use it inside tests)");
    return harness;
  };
}

/** The /api/route path buying `sellerPath` from the harness's seller. */
export function routePath(seller: TestSeller, sellerPath: string, extra: Record<string, string> = {}): string {
  return `/api/route?${new URLSearchParams({ url: `${seller.baseUrl}${sellerPath}`, ...extra }).toString()}`;
}
