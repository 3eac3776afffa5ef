/**
 * Our own test contracts on the in-process chain, without the x402 stack: TestUSDC's EIP-3009 and ERC-20
 * semantics (including the paths the facilitator does not exercise: the `bytes signature` overload, EIP-1271
 * wallets, yParity-style v, malleable s, validity window, receiveWithAuthorization) and MiniMulticall.
 */
import {
  createPublicClient,
  createWalletClient,
  custom,
  encodeFunctionData,
  hashDomain,
  parseSignature,
  serializeSignature,
  toHex,
  type Address,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import artifacts from "./contract-artifacts.json" with { type: "json" };
import {
  BASE_CHAIN_ID,
  BASE_USDC_ADDRESS,
  MULTICALL3_ADDRESS,
  USDC_DECIMALS,
  USDC_EIP712_DOMAIN,
  startLocalChain,
  type LocalChain,
} from "./local-chain.js";

const usdcAbi = artifacts.contracts.TestUSDC.abi;
const multicallAbi = artifacts.contracts.MiniMulticall.abi;
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

const authorizationTypes = {
  TransferWithAuthorization: [
    { name: "from", type: "address" },
    { name: "to", type: "address" },
    { name: "value", type: "uint256" },
    { name: "validAfter", type: "uint256" },
    { name: "validBefore", type: "uint256" },
    { name: "nonce", type: "bytes32" },
  ],
} as const;
const receiveTypes = { ReceiveWithAuthorization: authorizationTypes.TransferWithAuthorization } as const;
const domain = { ...USDC_EIP712_DOMAIN, chainId: BASE_CHAIN_ID, verifyingContract: BASE_USDC_ADDRESS } as const;

/**
 * The reader's type is the one createPublicClient infers: declared as viem's general `PublicClient`, relating the
 * two cost the type check about 4 s of CPU.
 */
const newReader = (transport: ReturnType<typeof custom>) => createPublicClient({ transport, pollingInterval: 20 });

let chain: LocalChain;
let reader: ReturnType<typeof newReader>;

beforeAll(async () => {
  chain = await startLocalChain();
  reader = newReader(custom({ request: (args) => chain.request(args) }, { retryCount: 0 }));
});

afterAll(async () => {
  await chain?.close();
});

function randomAddress(): Address {
  return privateKeyToAccount(generatePrivateKey()).address;
}

/** A key with ETH for gas, able to send transactions to the embedded chain. */
async function newSender() {
  const account = privateKeyToAccount(generatePrivateKey());
  await chain.setBalance(account.address, 10n ** 18n);
  const wallet = createWalletClient({
    account,
    chain: {
      id: BASE_CHAIN_ID,
      name: "embedded",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [] } },
    },
    transport: custom({ request: (args) => chain.request(args) }, { retryCount: 0 }),
  });
  /** Sends a call and returns its receipt (automine: mined at once). */
  const call = async (functionName: string, args: readonly unknown[], to: Address = BASE_USDC_ADDRESS) => {
    const abi = to === MULTICALL3_ADDRESS ? multicallAbi : usdcAbi;
    const hash = await wallet.sendTransaction({ to, data: encodeFunctionData({ abi, functionName, args }) });
    return reader.getTransactionReceipt({ hash });
  };
  return { account, call };
}

async function balanceOf(address: Address): Promise<bigint> {
  return (await reader.readContract({ address: BASE_USDC_ADDRESS, abi: usdcAbi, functionName: "balanceOf", args: [address] })) as bigint;
}

async function nowSeconds(): Promise<bigint> {
  return (await reader.getBlock()).timestamp;
}

interface Authorization {
  from: Address;
  to: Address;
  value: bigint;
  validAfter: bigint;
  validBefore: bigint;
  nonce: Hex;
}

async function authorize(
  signer: PrivateKeyAccount,
  overrides: Partial<Authorization> = {},
  kind: "transfer" | "receive" = "transfer",
): Promise<{ auth: Authorization; signature: Hex }> {
  const auth: Authorization = {
    from: signer.address,
    to: randomAddress(),
    value: 1_000n,
    validAfter: 0n,
    validBefore: (await nowSeconds()) + 3600n,
    nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
    ...overrides,
  };
  const signature =
    kind === "transfer"
      ? await signer.signTypedData({ domain, types: authorizationTypes, primaryType: "TransferWithAuthorization", message: auth })
      : await signer.signTypedData({ domain, types: receiveTypes, primaryType: "ReceiveWithAuthorization", message: auth });
  return { auth, signature };
}

function authArgs(a: Authorization): readonly unknown[] {
  return [a.from, a.to, a.value, a.validAfter, a.validBefore, a.nonce];
}

function vrs(signature: Hex): readonly unknown[] {
  const { r, s, v } = parseSignature(signature);
  return [Number(v), r, s];
}

/** Simulates a TestUSDC call from `from`; resolves on success, rejects with the revert reason. */
async function simulate(from: Address, functionName: string, args: readonly unknown[], to: Address = BASE_USDC_ADDRESS) {
  const abi = to === MULTICALL3_ADDRESS ? multicallAbi : usdcAbi;
  return reader.call({ account: from, to, data: encodeFunctionData({ abi, functionName, args }) });
}

describe("TestUSDC", () => {
  it("mirrors Base USDC's metadata and EIP-712 domain (for chainId 8453 at the USDC address)", async () => {
    const read = (functionName: string) =>
      reader.readContract({ address: BASE_USDC_ADDRESS, abi: usdcAbi, functionName, args: [] });
    expect(await read("name")).toBe(USDC_EIP712_DOMAIN.name);
    expect(await read("version")).toBe(USDC_EIP712_DOMAIN.version);
    expect(await read("decimals")).toBe(USDC_DECIMALS);
    expect(await read("symbol")).toBe("USDC");
    expect(await read("DOMAIN_SEPARATOR")).toBe(
      hashDomain({
        domain: { ...domain, chainId: BigInt(BASE_CHAIN_ID) },
        types: {
          EIP712Domain: [
            { name: "name", type: "string" },
            { name: "version", type: "string" },
            { name: "chainId", type: "uint256" },
            { name: "verifyingContract", type: "address" },
          ],
        },
      }),
    );
  });

  it("mints permissionlessly and supports transfer / approve / transferFrom", async () => {
    const alice = await newSender();
    const bob = await newSender();
    const carol = randomAddress();
    const minted = await alice.call("mint", [alice.account.address, 5_000n]);
    expect(minted.status).toBe("success");
    expect(await balanceOf(alice.account.address)).toBe(5_000n);

    await alice.call("transfer", [carol, 1_000n]);
    await alice.call("approve", [bob.account.address, 1_500n]);
    await bob.call("transferFrom", [alice.account.address, carol, 1_500n]);
    expect(await balanceOf(alice.account.address)).toBe(2_500n);
    expect(await balanceOf(carol)).toBe(2_500n);

    await expect(simulate(bob.account.address, "transferFrom", [alice.account.address, carol, 1n])).rejects.toThrow(
      /exceeds allowance/,
    );
    await expect(simulate(alice.account.address, "transfer", [carol, 2_501n])).rejects.toThrow(/exceeds balance/);
  });

  it("transferWithAuthorization (v, r, s): anyone may submit; emits AuthorizationUsed; nonce is single-use", async () => {
    const relayer = await newSender();
    const payer = privateKeyToAccount(generatePrivateKey());
    await relayer.call("mint", [payer.address, 10_000n]);
    const { auth, signature } = await authorize(payer);

    const receipt = await relayer.call("transferWithAuthorization", [...authArgs(auth), ...vrs(signature)]);
    expect(receipt.status).toBe("success");
    expect(receipt.logs).toHaveLength(2); // AuthorizationUsed + Transfer
    expect(await balanceOf(payer.address)).toBe(9_000n);
    expect(await balanceOf(auth.to)).toBe(1_000n);
    expect(
      await reader.readContract({ address: BASE_USDC_ADDRESS, abi: usdcAbi, functionName: "authorizationState", args: [payer.address, auth.nonce] }),
    ).toBe(true);

    await expect(
      simulate(relayer.account.address, "transferWithAuthorization", [...authArgs(auth), ...vrs(signature)]),
    ).rejects.toThrow(/authorization is used/);
  });

  it("transferWithAuthorization (bytes signature) works for EOAs; v as yParity (0/1) is accepted", async () => {
    const relayer = await newSender();
    const payer = privateKeyToAccount(generatePrivateKey());
    await relayer.call("mint", [payer.address, 10_000n]);

    const first = await authorize(payer);
    expect((await relayer.call("transferWithAuthorization", [...authArgs(first.auth), first.signature])).status).toBe(
      "success",
    );

    const second = await authorize(payer);
    const { r, s, yParity } = parseSignature(second.signature);
    expect(
      (await relayer.call("transferWithAuthorization", [...authArgs(second.auth), yParity, r, s])).status,
    ).toBe("success");
    expect(await balanceOf(payer.address)).toBe(8_000n);
  });

  it("rejects wrong signers, altered terms and malleable (high-s) signatures", async () => {
    const relayer = await newSender();
    const payer = privateKeyToAccount(generatePrivateKey());
    await relayer.call("mint", [payer.address, 10_000n]);
    const { auth, signature } = await authorize(payer);
    const from = relayer.account.address;

    const mallory = privateKeyToAccount(generatePrivateKey());
    const forged = await authorize(mallory, { ...auth, from: payer.address });
    await expect(simulate(from, "transferWithAuthorization", [...authArgs(auth), forged.signature])).rejects.toThrow(
      /invalid signature/,
    );
    await expect(
      simulate(from, "transferWithAuthorization", [...authArgs({ ...auth, value: auth.value + 1n }), signature]),
    ).rejects.toThrow(/invalid signature/);

    const { r, s, yParity } = parseSignature(signature);
    const highS = serializeSignature({ r, s: toHex(SECP256K1_N - BigInt(s), { size: 32 }), yParity: 1 - yParity });
    await expect(simulate(from, "transferWithAuthorization", [...authArgs(auth), highS])).rejects.toThrow(
      /invalid signature/,
    );
    await expect(
      simulate(from, "transferWithAuthorization", [...authArgs(auth), `${signature}00` as Hex]),
    ).rejects.toThrow(/invalid signature/);
    // The genuine signature still works afterwards.
    await expect(simulate(from, "transferWithAuthorization", [...authArgs(auth), signature])).resolves.toBeDefined();
  });

  it("enforces the validity window (validAfter < now < validBefore)", async () => {
    const relayer = await newSender();
    const payer = privateKeyToAccount(generatePrivateKey());
    await relayer.call("mint", [payer.address, 10_000n]);
    const now = await nowSeconds();

    const expired = await authorize(payer, { validBefore: now - 1n });
    await expect(
      simulate(relayer.account.address, "transferWithAuthorization", [...authArgs(expired.auth), expired.signature]),
    ).rejects.toThrow(/authorization is expired/);

    const early = await authorize(payer, { validAfter: now + 600n });
    await expect(
      simulate(relayer.account.address, "transferWithAuthorization", [...authArgs(early.auth), early.signature]),
    ).rejects.toThrow(/authorization is not yet valid/);
  });

  it("accepts EIP-1271 wallets through the bytes overload and rejects them when the wallet says no", async () => {
    const relayer = await newSender();
    // Runtime code that returns 0x1626ba7e (the EIP-1271 magic value) for any call: a wallet approving everything.
    const yesWallet = randomAddress();
    await chain.setCode(yesWallet, "0x631626ba7e60e01b60005260206000f3");
    // Runtime code that returns 32 zero bytes: a wallet rejecting everything.
    const noWallet = randomAddress();
    await chain.setCode(noWallet, "0x60206000f3");
    await relayer.call("mint", [yesWallet, 1_000n]);
    await relayer.call("mint", [noWallet, 1_000n]);

    const now = await nowSeconds();
    const terms = (from: Address): Authorization => ({
      from,
      to: randomAddress(),
      value: 400n,
      validAfter: 0n,
      validBefore: now + 600n,
      nonce: toHex(crypto.getRandomValues(new Uint8Array(32))),
    });
    const yes = terms(yesWallet);
    expect((await relayer.call("transferWithAuthorization", [...authArgs(yes), "0x1234"])).status).toBe("success");
    expect(await balanceOf(yes.to)).toBe(400n);
    await expect(
      simulate(relayer.account.address, "transferWithAuthorization", [...authArgs(terms(noWallet)), "0x1234"]),
    ).rejects.toThrow(/invalid signature/);
  });

  it("receiveWithAuthorization only lets the payee submit", async () => {
    const payee = await newSender();
    const other = await newSender();
    const payer = privateKeyToAccount(generatePrivateKey());
    await payee.call("mint", [payer.address, 1_000n]);
    const { auth, signature } = await authorize(payer, { to: payee.account.address }, "receive");

    await expect(
      simulate(other.account.address, "receiveWithAuthorization", [...authArgs(auth), ...vrs(signature)]),
    ).rejects.toThrow(/caller must be the payee/);
    // A ReceiveWithAuthorization signature is not a TransferWithAuthorization signature.
    await expect(
      simulate(other.account.address, "transferWithAuthorization", [...authArgs(auth), ...vrs(signature)]),
    ).rejects.toThrow(/invalid signature/);
    expect((await payee.call("receiveWithAuthorization", [...authArgs(auth), ...vrs(signature)])).status).toBe("success");
    expect(await balanceOf(payee.account.address)).toBe(1_000n);
  });
});

describe("MiniMulticall", () => {
  const calls = (owner: Address) => [
    { target: BASE_USDC_ADDRESS, callData: encodeFunctionData({ abi: usdcAbi, functionName: "balanceOf", args: [owner] }) },
    { target: BASE_USDC_ADDRESS, callData: encodeFunctionData({ abi: usdcAbi, functionName: "transfer", args: [randomAddress(), 1n] }) },
  ];

  it("tryAggregate reports per-call success without reverting (requireSuccess=false)", async () => {
    const owner = randomAddress();
    const result = (await reader.readContract({
      address: MULTICALL3_ADDRESS,
      abi: multicallAbi,
      functionName: "tryAggregate",
      args: [false, calls(owner)],
    })) as Array<{ success: boolean; returnData: Hex }>;
    expect(result.map((r) => r.success)).toEqual([true, false]); // the multicall itself holds no USDC
    expect(BigInt(result[0].returnData)).toBe(0n);
  });

  it("tryAggregate(true) and aggregate3 without allowFailure revert on a failed call", async () => {
    const owner = randomAddress();
    const caller = randomAddress();
    await expect(simulate(caller, "tryAggregate", [true, calls(owner)], MULTICALL3_ADDRESS)).rejects.toThrow(
      /Multicall3: call failed/,
    );
    const calls3 = calls(owner).map((c) => ({ ...c, allowFailure: false }));
    await expect(simulate(caller, "aggregate3", [calls3], MULTICALL3_ADDRESS)).rejects.toThrow(/Multicall3: call failed/);
    const tolerant = calls(owner).map((c) => ({ ...c, allowFailure: true }));
    await expect(simulate(caller, "aggregate3", [tolerant], MULTICALL3_ADDRESS)).resolves.toBeDefined();
  });
});
