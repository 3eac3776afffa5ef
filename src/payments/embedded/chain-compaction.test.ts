/**
 * Issue 34: compaction bounds the embedded chain's memory (it drops every block) and must change nothing a payment
 * can see: balances, the total supply, which authorizations are used and by which transaction, and how a replayed
 * authorization is refused, are the same before and after; a pending authorization still settles.
 */
import { x402Client } from "@x402/core/client";
import type { PaymentPayload, PaymentRequirements } from "@x402/core/types";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { concat, encodeAbiParameters, keccak256, type Address, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compactChain, emptyCompactedHistory, noteSentAuthorization } from "./chain-compaction.js";
import type { JsonRpcRequest } from "./local-chain.js";
import { BASE_NETWORK, BASE_USDC_ADDRESS, createEmbeddedPaymentNetwork, type LocalPaymentNetwork } from "./embedded-facilitator.js";

const PRICE = 10_000n;

const requirementsFor = (payTo: Address, maxTimeoutSeconds = 60): PaymentRequirements => ({
  scheme: "exact",
  network: BASE_NETWORK,
  amount: PRICE.toString(),
  asset: BASE_USDC_ADDRESS,
  payTo,
  maxTimeoutSeconds,
  extra: { name: "USD Coin", version: "2" },
});

interface Payer {
  account: PrivateKeyAccount;
  sign(requirements: PaymentRequirements): Promise<PaymentPayload>;
}

async function newPayer(net: LocalPaymentNetwork, usdc: bigint): Promise<Payer> {
  const account = privateKeyToAccount(generatePrivateKey());
  await net.mintUsdc(account.address, usdc);
  const client = registerExactEvmScheme(new x402Client(), { signer: account });
  return {
    account,
    sign: (requirements) => client.createPaymentPayload({ x402Version: 2, resource: { url: "http://localhost/compaction" }, accepts: [requirements] }),
  };
}

const nonceOf = (payload: PaymentPayload) => (payload.payload as { authorization: { nonce: Hex } }).authorization.nonce;
const blockNumber = async (net: LocalPaymentNetwork) => Number(BigInt((await net.chainRequest("eth_blockNumber")) as Hex));

async function settle(net: LocalPaymentNetwork, payload: PaymentPayload, requirements: PaymentRequirements): Promise<string> {
  expect((await net.facilitator.verify(payload, requirements)).isValid).toBe(true);
  const settled = await net.facilitator.settle(payload, requirements);
  expect(settled.success, settled.errorReason).toBe(true);
  return settled.transaction;
}

/** A network of its own for the enclosing describe block, compacting every `compactEveryTransactions`, and a seller address. */
function suiteNetwork(compactEveryTransactions: number): { net: () => LocalPaymentNetwork; payTo: Address } {
  let net: LocalPaymentNetwork | undefined;
  beforeAll(async () => {
    net = await createEmbeddedPaymentNetwork({ compactEveryTransactions });
  });
  afterAll(() => net?.close());
  return {
    net: () => {
      if (net === undefined) throw new Error("suiteNetwork: the network has not started (use it inside tests)");
      return net;
    },
    payTo: privateKeyToAccount(generatePrivateKey()).address,
  };
}

describe("chain compaction", () => {
  const suite = suiteNetwork(1_000_000); // compacts only when the test asks

  it("keeps balances, used authorizations and replay refusals, and a pending authorization still settles", async () => {
    const net = suite.net();
    const payTo = suite.payTo;
    const requirements = requirementsFor(payTo);
    const a = await newPayer(net, 1_000_000n);
    const b = await newPayer(net, 500_000n);
    const paid: Array<{ payer: Payer; payload: PaymentPayload; transaction: string }> = [];
    for (const payer of [a, a, a, b]) {
      const payload = await payer.sign(requirements);
      paid.push({ payer, payload, transaction: await settle(net, payload, requirements) });
    }
    // One authorization with a short window, settled, then outlived by the chain's clock: compaction does not write
    // its used flag back (the token refuses it by its time) but still knows which transaction used it.
    const shortRequirements = requirementsFor(payTo, 10);
    const short = await b.sign(shortRequirements);
    const shortTransaction = await settle(net, short, shortRequirements);
    const pending = await a.sign(requirements);

    await net.chainRequest("evm_increaseTime", [30]);
    await net.chainRequest("evm_mine");
    const observe = async () => ({
      balances: await Promise.all([a, b].map((p) => net.balanceOf(p.account.address)).concat(net.balanceOf(payTo))),
      supply: await net.chainRequest("eth_call", [{ to: BASE_USDC_ADDRESS, data: "0x18160ddd" }, "latest"]), // totalSupply()
      used: await Promise.all(paid.map(({ payer, payload }) => net.authorizationState(payer.account.address, nonceOf(payload)))),
      short: await net.authorizationState(b.account.address, nonceOf(short)),
      pending: await net.authorizationState(a.account.address, nonceOf(pending)),
      replay: await Promise.all(
        paid.map(async ({ payload }) => [(await net.facilitator.verify(payload, requirements)).invalidReason, (await net.facilitator.settle(payload, requirements)).errorReason]),
      ),
    });
    const before = await observe();
    expect(before.used.map((state) => state.transaction)).toEqual(paid.map((p) => p.transaction));
    expect(before.short).toEqual({ used: true, transaction: shortTransaction });
    expect(before.pending).toEqual({ used: false });
    expect(before.replay.flat().every((reason) => reason === "invalid_exact_evm_nonce_already_used")).toBe(true);
    const blocksBefore = await blockNumber(net);

    const report = await net.compact();
    expect(report.blocks).toBe(blocksBefore);
    expect(report.liveAuthorizations).toBe(4);
    expect(await blockNumber(net)).toBeLessThan(10);
    expect(await observe()).toEqual(before);
    // Twice in a row changes nothing either.
    await net.compact();
    expect(await observe()).toEqual(before);
    // The short authorization is refused after compaction as before it (its window is over on this chain).
    expect((await net.facilitator.verify(short, shortRequirements)).isValid).toBe(false);

    await settle(net, pending, requirements);
    expect(await net.balanceOf(a.account.address)).toBe(before.balances[0]! - PRICE);
    expect(await net.balanceOf(payTo)).toBe(before.balances[2]! + PRICE);
  });
});

describe("chain compaction every few transactions", () => {
  const suite = suiteNetwork(4);

  it("compacts on its own while settling, and every payment is settled once and stays known", async () => {
    const net = suite.net();
    const payTo = suite.payTo;
    const requirements = requirementsFor(payTo);
    const payer = await newPayer(net, 1_000_000n);
    const settled: Array<{ nonce: Hex; transaction: string }> = [];
    for (let i = 0; i < 13; i++) {
      const payload = await payer.sign(requirements);
      settled.push({ nonce: nonceOf(payload), transaction: await settle(net, payload, requirements) });
    }
    expect(await blockNumber(net)).toBeLessThan(8);
    expect(await net.balanceOf(payer.account.address)).toBe(1_000_000n - 13n * PRICE);
    expect(await net.balanceOf(payTo)).toBe(13n * PRICE);
    const states = await Promise.all(settled.map(({ nonce }) => net.authorizationState(payer.account.address, nonce)));
    expect(states).toEqual(settled.map(({ transaction }) => ({ used: true, transaction })));
  });
});

describe("what a compaction learns from the sender", () => {
  const suite = suiteNetwork(1_000_000);

  it("takes each sent settlement's validBefore from the sender instead of reading the transaction back, with the same result", async () => {
    const net = suite.net();
    const requirements = requirementsFor(suite.payTo);
    const payer = await newPayer(net, 1_000_000n);
    const validBeforeOf = (payload: PaymentPayload) => BigInt((payload.payload as { authorization: { validBefore: string } }).authorization.validBefore);
    const asked: string[] = [];
    const request = (args: JsonRpcRequest) => {
      asked.push(args.method);
      return net.chainRequest(args.method, args.params);
    };
    /** Settles two payments, then compacts with a history of its own, told or not what was sent; what it asked and remembers. */
    const compactAfterTwo = async (tell: boolean) => {
      const payloads = [await payer.sign(requirements), await payer.sign(requirements)];
      const history = emptyCompactedHistory();
      for (const payload of payloads) {
        const transaction = (await settle(net, payload, requirements)) as Hex;
        // As the facilitator's writeContract gives the arguments (bigints); a mint is not a settlement.
        if (tell) noteSentAuthorization(history, "transferWithAuthorization", [0, 0, 0, 0, validBeforeOf(payload)], transaction);
        if (tell) noteSentAuthorization(history, "mint", [0, 0, 0, 0, 1n], transaction.replace(/.$/, "0") as Hex);
      }
      expect(history.sentValidBeforeS.size).toBe(tell ? 2 : 0);
      asked.length = 0;
      await compactChain(request, history, net.facilitatorAddress, Math.floor(Date.now() / 1000));
      expect(history.sentValidBeforeS.size).toBe(0);
      const remembered = payloads.map((payload) => history.usedAuthorizations.get(`${payer.account.address.toLowerCase()}|${nonceOf(payload).toLowerCase()}`)?.validBeforeS);
      expect(remembered).toEqual(payloads.map((payload) => Number(validBeforeOf(payload))));
      return asked.filter((method) => method === "eth_getTransactionByHash").length;
    };
    expect(await compactAfterTwo(true)).toBe(0);
    expect(await compactAfterTwo(false)).toBe(2);
  });
});

describe("used flags after a compaction", () => {
  const suite = suiteNetwork(1_000_000);
  const usedFlagOnChain = async (net: LocalPaymentNetwork, payer: Address, nonce: Hex) => {
    // The raw slot (eth_getStorageAt names no authorization, so it restores nothing): TestUSDC's
    // _usedAuthorizations[payer][nonce], at slot 3.
    const inner = keccak256(encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [payer, 3n]));
    const slot = keccak256(concat([nonce, inner]));
    return BigInt((await net.chainRequest("eth_getStorageAt", [BASE_USDC_ADDRESS, slot, "latest"])) as Hex) === 1n;
  };

  it("are not all written back: each comes back when a request names it again, and stays through later compactions", async () => {
    const net = suite.net();
    const requirements = requirementsFor(suite.payTo);
    const payer = await newPayer(net, 1_000_000n);
    const payloads = [] as PaymentPayload[];
    for (let i = 0; i < 5; i++) {
      const payload = await payer.sign(requirements);
      await settle(net, payload, requirements);
      payloads.push(payload);
    }
    const first = await net.compact();
    // Five live authorizations, none written back: a compaction's cost does not grow with the payment rate.
    expect(first).toMatchObject({ liveAuthorizations: 5, flagsWritten: 0 });
    expect(await Promise.all(payloads.map((p) => usedFlagOnChain(net, payer.account.address, nonceOf(p))))).toEqual([false, false, false, false, false]);

    // A replay of the second one: its simulation names it, the flag is back before the chain runs it, and the
    // token refuses it as it did before the compaction.
    expect((await net.facilitator.verify(payloads[1]!, requirements)).invalidReason).toBe("invalid_exact_evm_nonce_already_used");
    expect(await usedFlagOnChain(net, payer.account.address, nonceOf(payloads[1]!))).toBe(true);
    // A read of the third one's state (reconciliation asks it so) brings its flag back too.
    expect(await net.authorizationState(payer.account.address, nonceOf(payloads[2]!))).toMatchObject({ used: true });
    expect(await usedFlagOnChain(net, payer.account.address, nonceOf(payloads[2]!))).toBe(true);

    // The next compaction writes back exactly the flags that came back, and the rest still come back on demand.
    expect(await net.compact()).toMatchObject({ liveAuthorizations: 5, flagsWritten: 2 });
    expect(await Promise.all(payloads.map((p) => usedFlagOnChain(net, payer.account.address, nonceOf(p))))).toEqual([false, true, true, false, false]);
    // A flag written back on a throwaway fork is undone with the fork, and comes back again when next named.
    await net.onThrowawayFork(async () => {
      expect((await net.facilitator.verify(payloads[3]!, requirements)).invalidReason).toBe("invalid_exact_evm_nonce_already_used");
      expect(await usedFlagOnChain(net, payer.account.address, nonceOf(payloads[3]!))).toBe(true);
    });
    expect(await usedFlagOnChain(net, payer.account.address, nonceOf(payloads[3]!))).toBe(false);
    for (const payload of payloads) expect((await net.facilitator.settle(payload, requirements)).errorReason).toBe("invalid_exact_evm_nonce_already_used");
    expect(await net.balanceOf(payer.account.address)).toBe(1_000_000n - 5n * PRICE);
  });
});
