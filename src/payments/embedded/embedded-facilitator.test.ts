/**
 * The embedded facilitator end to end: a real x402 client signs EIP-3009 authorizations, the stock facilitator
 * verifies them and settles them on the in-process Base chain, and token balances are checked on chain.
 * The same cases run against the network in-process and on its own thread (./payment-network-thread.ts, what
 * the service uses), so both answer identically. One chain per implementation (boot ≈0.3–1.5 s).
 */
import { x402Client } from "@x402/core/client";
import { x402ResourceServer } from "@x402/core/server";
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { registerExactEvmScheme as registerExactEvmClient } from "@x402/evm/exact/client";
import { registerExactEvmScheme as registerExactEvmServer } from "@x402/evm/exact/server";
import { createPublicClient, custom, getAddress, parseAbi, type Address } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BASE_NETWORK,
  BASE_USDC_ADDRESS,
  MULTICALL3_ADDRESS,
  SETTLEMENT_GAS_LIMIT,
  createEmbeddedPaymentNetwork,
  type EmbeddedPaymentNetwork,
} from "./embedded-facilitator.js";
import { startPaymentNetworkThread } from "./payment-network-thread.js";

const PRICE = 50_000n; // $0.05 in USDC atomic units
const tokenAbi = parseAbi([
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
]);

let net: EmbeddedPaymentNetwork;
/** Reads the chain through the network's own JSON-RPC (typed by what it returns: naming PublicClient cost the type check 2.5 s). */
const chainReader = (network: EmbeddedPaymentNetwork) =>
  createPublicClient({ transport: custom({ request: ({ method, params }) => network.chainRequest(method, params) }, { retryCount: 0 }) });
let reader: ReturnType<typeof chainReader>;
let bootMs: number;


function randomAddress(): Address {
  return privateKeyToAccount(generatePrivateKey()).address;
}

function requirementsFor(payTo: Address, amount: bigint = PRICE): PaymentRequirements {
  return {
    scheme: "exact",
    network: BASE_NETWORK,
    amount: amount.toString(),
    asset: BASE_USDC_ADDRESS,
    payTo,
    maxTimeoutSeconds: 60,
    extra: { name: "USD Coin", version: "2" },
  };
}

interface Payer {
  account: PrivateKeyAccount;
  pay(requirements: PaymentRequirements): Promise<PaymentPayload>;
}

/** A fresh payer key (no ETH) holding `usdc` test USDC, paying through the stock x402 client. */
async function newPayer(usdc: bigint): Promise<Payer> {
  const account = privateKeyToAccount(generatePrivateKey());
  if (usdc > 0n) await net.mintUsdc(account.address, usdc);
  const client = registerExactEvmClient(new x402Client(), { signer: account });
  return {
    account,
    pay: (requirements) => {
      const paymentRequired: PaymentRequired = {
        x402Version: 2,
        resource: { url: "http://localhost/test", description: "embedded facilitator test" },
        accepts: [requirements],
      };
      return client.createPaymentPayload(paymentRequired);
    },
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

describe.each([
  ["in-process", createEmbeddedPaymentNetwork],
  ["on its own thread", startPaymentNetworkThread],
])("embedded payment network (%s)", (implementation, start) => {
  beforeAll(async () => {
    const started = performance.now();
    net = await start();
    bootMs = performance.now() - started;
    reader = chainReader(net);
  });

  afterAll(async () => {
    await net?.close();
  });

  it("boots a chainId 8453 chain with TestUSDC and Multicall3 at the real addresses", async () => {
    console.info(`[embedded, ${implementation}] boot ${bootMs.toFixed(0)} ms`);
    expect(await reader.getChainId()).toBe(8453);
    expect((await reader.getCode({ address: BASE_USDC_ADDRESS }))?.length).toBeGreaterThan(1000);
    expect((await reader.getCode({ address: MULTICALL3_ADDRESS }))?.length).toBeGreaterThan(100);
    expect(await reader.getBalance({ address: net.facilitatorAddress })).toBeGreaterThan(10n ** 18n);
    expect(net.usdcAddress).toBe(BASE_USDC_ADDRESS);
    expect(net.network).toBe("eip155:8453");
  });

  it("advertises exact on eip155:8453 (async getSupported) with the facilitator as signer", async () => {
    const supported = await net.facilitator.getSupported();
    expect(supported.kinds).toContainEqual({ x402Version: 2, scheme: "exact", network: "eip155:8453" });
    // Base only: v2 "eip155:8453" and its x402 v1 name "base".
    expect(new Set(supported.kinds.map((k) => String(k.network)))).toEqual(new Set(["eip155:8453", "base"]));
    expect(supported.signers["eip155:*"]).toEqual([net.facilitatorAddress]);
  });

  it("mints test USDC and reads balances", async () => {
    const who = randomAddress();
    const hash = await net.mintUsdc(who, 1_234_567n);
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await net.balanceOf(who)).toBe(1_234_567n);
    await net.mintUsdc(who, 1n);
    expect(await net.balanceOf(who)).toBe(1_234_568n);
  });

  it("rejects bad faucet input", async () => {
    await expect(net.mintUsdc("0x1234" as Address, 1n)).rejects.toThrow(/not an address/);
    await expect(net.mintUsdc(randomAddress(), 0n)).rejects.toThrow(/positive/);
    await expect(net.mintUsdc(randomAddress(), -5n)).rejects.toThrow(/positive/);
    await expect(net.mintUsdc(randomAddress(), 2n ** 256n)).rejects.toThrow(/uint256/);
  });

  it("verifies and settles a valid payment; balances move by exactly the price", async () => {
    const payer = await newPayer(1_000_000n);
    const payTo = randomAddress();
    const requirements = requirementsFor(payTo);
    const payload = await payer.pay(requirements);

    const verified = await net.facilitator.verify(payload, requirements);
    expect(verified).toMatchObject({ isValid: true, payer: payer.account.address });

    const settled = await net.facilitator.settle(payload, requirements);
    expect(settled).toMatchObject({ success: true, network: "eip155:8453", payer: payer.account.address });
    expect(settled.transaction).toMatch(/^0x[0-9a-f]{64}$/);

    expect(await net.balanceOf(payer.account.address)).toBe(1_000_000n - PRICE);
    expect(await net.balanceOf(payTo)).toBe(PRICE);

    const receipt = await reader.getTransactionReceipt({ hash: settled.transaction as `0x${string}` });
    expect(receipt.status).toBe("success");
    expect(getAddress(receipt.from)).toBe(net.facilitatorAddress); // the facilitator pays the gas
    // The gas limit is the fixed one (no estimate), with room: a first transfer to a fresh recipient is the
    // dearest case (new balance slot) and must stay under three quarters of it.
    const sent = await reader.getTransaction({ hash: settled.transaction as `0x${string}` });
    expect(sent.gas).toBe(SETTLEMENT_GAS_LIMIT);
    expect(receipt.gasUsed).toBeLessThan((SETTLEMENT_GAS_LIMIT * 3n) / 4n);
    const nonce = (payload.payload as { authorization: { nonce: `0x${string}` } }).authorization.nonce;
    expect(
      await reader.readContract({
        address: BASE_USDC_ADDRESS,
        abi: tokenAbi,
        functionName: "authorizationState",
        args: [payer.account.address, nonce],
      }),
    ).toBe(true);
  });

  it("rejects a replayed payment in verify and settle; balances unchanged; the next payment still settles", async () => {
    const payer = await newPayer(1_000_000n);
    const payTo = randomAddress();
    const requirements = requirementsFor(payTo);
    const payload = await payer.pay(requirements);
    expect((await net.facilitator.settle(payload, requirements)).success).toBe(true);

    const replayVerify = await net.facilitator.verify(payload, requirements);
    expect(replayVerify.isValid).toBe(false);
    expect(replayVerify.invalidReason).toContain("nonce_already_used");

    const replaySettle = await net.facilitator.settle(payload, requirements);
    expect(replaySettle.success).toBe(false);
    expect(replaySettle.errorReason).toContain("nonce_already_used");

    expect(await net.balanceOf(payer.account.address)).toBe(1_000_000n - PRICE);
    expect(await net.balanceOf(payTo)).toBe(PRICE);

    // The failed settle must not leave a hole in the facilitator's transaction nonces.
    const next = await payer.pay(requirements);
    expect((await net.facilitator.settle(next, requirements)).success).toBe(true);
    expect(await net.balanceOf(payTo)).toBe(2n * PRICE);
  });

  it("rejects a tampered amount as an invalid signature", async () => {
    const payer = await newPayer(1_000_000n);
    const payTo = randomAddress();
    const payload = await payer.pay(requirementsFor(payTo));

    // The attacker lowers the price on both sides so value == amount still holds: only the signature can tell.
    const cheaper = requirementsFor(payTo, 1n);
    const tampered = structuredClone(payload);
    tampered.accepted = cheaper;
    (tampered.payload as { authorization: { value: string } }).authorization.value = "1";

    const verified = await net.facilitator.verify(tampered, cheaper);
    expect(verified.isValid).toBe(false);
    expect(verified.invalidReason).toBe("invalid_exact_evm_signature");
    const settled = await net.facilitator.settle(tampered, cheaper);
    expect(settled.success).toBe(false);
    expect(await net.balanceOf(payer.account.address)).toBe(1_000_000n);
    expect(await net.balanceOf(payTo)).toBe(0n);
  });

  it("rejects a payment whose signed value differs from the required amount", async () => {
    const payer = await newPayer(1_000_000n);
    const requirements = requirementsFor(randomAddress());
    const payload = await payer.pay(requirementsFor(requirements.payTo as Address, PRICE - 1n));
    const verified = await net.facilitator.verify(payload, requirements);
    expect(verified.isValid).toBe(false);
  });

  it("rejects a payment the payer cannot cover (insufficient balance)", async () => {
    const payer = await newPayer(PRICE - 1n);
    const payTo = randomAddress();
    const requirements = requirementsFor(payTo);
    const payload = await payer.pay(requirements);

    const verified = await net.facilitator.verify(payload, requirements);
    expect(verified.isValid).toBe(false);
    expect(verified.invalidReason).toContain("insufficient_balance");

    const settled = await net.facilitator.settle(payload, requirements);
    expect(settled.success).toBe(false);
    expect(await net.balanceOf(payer.account.address)).toBe(PRICE - 1n);
    expect(await net.balanceOf(payTo)).toBe(0n);
  });

  it("settles 20 concurrent distinct payments, each exactly once", async () => {
    const payTo = randomAddress();
    const requirements = requirementsFor(payTo);
    const payers = await Promise.all(Array.from({ length: 20 }, () => newPayer(PRICE)));
    const payloads = await Promise.all(payers.map((p) => p.pay(requirements)));

    const started = performance.now();
    const results = await Promise.all(payloads.map((p) => net.facilitator.settle(p, requirements)));
    const wallMs = performance.now() - started;
    console.info(`[embedded] 20 concurrent settles: ${wallMs.toFixed(0)} ms wall`);

    expect(results.map((r) => r.errorReason ?? "ok")).toEqual(Array(20).fill("ok"));
    expect(new Set(results.map((r) => r.transaction)).size).toBe(20);
    // Settled without a verify first: nothing vouches for these transfers, so their gas was estimated.
    expect((await reader.getTransaction({ hash: results[0]!.transaction as `0x${string}` })).gas).not.toBe(SETTLEMENT_GAS_LIMIT);
    const balances = await Promise.all(payers.map((p) => net.balanceOf(p.account.address)));
    expect(balances).toEqual(Array(20).fill(0n));
    expect(await net.balanceOf(payTo)).toBe(20n * PRICE);
  });

  it("settles a payment submitted several times concurrently only once", async () => {
    const payTo = randomAddress();
    const requirements = requirementsFor(payTo);
    const payers = await Promise.all(Array.from({ length: 5 }, () => newPayer(10n * PRICE)));
    const payloads = await Promise.all(payers.map((p) => p.pay(requirements)));

    const attempts = payloads.flatMap((p) => [p, p, p]);
    const results = await Promise.all(attempts.map((p) => net.facilitator.settle(p, requirements)));

    expect(results.filter((r) => r.success)).toHaveLength(5);
    for (const p of payers) expect(await net.balanceOf(p.account.address)).toBe(9n * PRICE);
    expect(await net.balanceOf(payTo)).toBe(5n * PRICE);
  });

  it("works as the facilitator of an x402ResourceServer (price \"$0.05\" → 50000 atomic USDC)", async () => {
    const server = new x402ResourceServer(net.facilitator);
    registerExactEvmServer(server);
    await server.initialize();

    const payTo = randomAddress();
    const [requirements] = await server.buildPaymentRequirements({
      scheme: "exact",
      network: BASE_NETWORK,
      payTo,
      price: "$0.05",
      maxTimeoutSeconds: 60,
    });
    expect(requirements).toMatchObject({
      amount: "50000",
      asset: BASE_USDC_ADDRESS,
      payTo,
      extra: { name: "USD Coin", version: "2" },
    });

    const payer = await newPayer(PRICE);
    const payload = await payer.pay(requirements);
    expect((await server.verifyPayment(payload, requirements)).isValid).toBe(true);
    expect((await server.settlePayment(payload, requirements)).success).toBe(true);
    expect(await net.balanceOf(payTo)).toBe(PRICE);
  });

  // Prints the latencies for a reader; speed targets live in bench/, never in timed assertions.
  it("latency: median verify and settle over 30 sequential payments", async () => {
    const payer = await newPayer(30n * PRICE);
    const requirements = requirementsFor(randomAddress());
    const verifyMs: number[] = [];
    const settleMs: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const payload = await payer.pay(requirements);
      let t = performance.now();
      const verified = await net.facilitator.verify(payload, requirements);
      verifyMs.push(performance.now() - t);
      t = performance.now();
      const settled = await net.facilitator.settle(payload, requirements);
      settleMs.push(performance.now() - t);
      expect(verified.isValid && settled.success).toBe(true);
    }
    console.info(
      `[embedded] verify median ${median(verifyMs).toFixed(1)} ms (max ${Math.max(...verifyMs).toFixed(1)}), ` +
        `settle median ${median(settleMs).toFixed(1)} ms (max ${Math.max(...settleMs).toFixed(1)})`,
    );
    expect(await net.balanceOf(payer.account.address)).toBe(0n);
    // Every transaction above mined its own block. Without allowBlocksWithSameTimestamp each block would add
    // 1 s, and the chain clock would now run ~100 s ahead: 60 s authorizations would start to fail as expired.
    const latest = await reader.getBlock();
    expect(Number(latest.timestamp)).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 2);
  });

  it("sees code installed by a raw request: a payer that became a contract is no longer verified as a key", async () => {
    const payer = await newPayer(1_000_000n);
    const requirements = requirementsFor(randomAddress());
    expect((await net.facilitator.verify(await payer.pay(requirements), requirements)).isValid).toBe(true);
    // The payer's address now holds code (MiniMulticall's, which has no isValidSignature): an EOA signature
    // no longer proves anything for it, so a remembered "no code" would wrongly pass.
    const code = await reader.getCode({ address: MULTICALL3_ADDRESS });
    await net.chainRequest("hardhat_setCode", [payer.account.address, code]);
    const verified = await net.facilitator.verify(await payer.pay(requirements), requirements);
    expect(verified.isValid).toBe(false);
  });

  it("refuses work after close()", async () => {
    await net.close();
    await net.close(); // idempotent
    const requirements = requirementsFor(randomAddress());
    const fake = { x402Version: 2, accepted: requirements, payload: {} } as PaymentPayload;
    await expect(net.facilitator.verify(fake, requirements)).rejects.toThrow(/closed/);
    await expect(net.facilitator.settle(fake, requirements)).rejects.toThrow(/closed/);
    await expect(net.mintUsdc(randomAddress(), 1n)).rejects.toThrow(/closed/);
    await expect(net.chainRequest("eth_blockNumber")).rejects.toThrow(/closed/);
  });
});
