/**
 * Embedded x402 facilitator: the stock `x402Facilitator` (@x402/core) with the stock EVM `exact` scheme
 * (@x402/evm/exact/facilitator), running in-process against the in-process Base chain of ./local-chain.ts.
 *
 * Payments are real: EIP-712 signatures are checked, `transferWithAuthorization` runs on chain, balances move,
 * and a replayed EIP-3009 nonce is rejected by the token. Only the chain is local and its USDC is play money.
 *
 * Usage from the HTTP layer:
 *
 *   const payments = await createEmbeddedPaymentNetwork();
 *   const server = new x402ResourceServer(payments.facilitator);   // @x402/core/server
 *   registerExactEvmScheme(server);                                 // @x402/evm/exact/server
 *   // POST /dev/faucet → await payments.mintUsdc(address, 1_000_000n)   (1 USDC)
 *   // shutdown        → await payments.close()
 *
 * Chain access (see the payments note, section 10):
 * - P2: viem's custom transport retries failed requests 3 times with backoff by default, and recent viem first
 *   tries `eth_fillTransaction`, which hardhat rejects: every transaction paid ≈1.1 s. Here retryCount is 0, and
 *   `eth_fillTransaction` is answered "method not found" without reaching the node (viem then caches
 *   "unsupported" for this client and never asks again). Polling is 20 ms.
 * - P3: one facilitator key sends every transaction, and all sends go through one serial lane: concurrent
 *   sends under automine otherwise reach the node out of nonce order and are rejected. The lane also keeps the
 *   account's next nonce itself (read from the chain once, then counted), so a send costs no
 *   `eth_getTransactionCount`. When a send fails (typically `eth_estimateGas` reverting on a replayed
 *   authorization, before anything is broadcast) the nonce is read from the chain again, so a gap (a
 *   transaction that would wait forever for a missing nonce) cannot appear.
 * - Fees: every transaction is EIP-1559 with fixed caps (FEE_CAP_WEI, no priority fee), so viem does not
 *   fetch the latest block and the priority fee for each send. The chain charges its base fee, which empty
 *   automined blocks keep far below the cap.
 * - Gas: the settlement of an authorization that verify has just simulated gets a fixed gas limit
 *   (SETTLEMENT_GAS_LIMIT) rather than an estimate: one chain execution less per paid call.
 * - Receipts: with automine a transaction is mined inside `eth_sendRawTransaction`, so its receipt is asked for
 *   as soon as the hash comes back, and the journal line is written and synced meanwhile (./mined-transactions.ts);
 *   viem's polling `waitForTransactionReceipt` is only the fallback.
 * - Key recovery and hashing: x402's checks of the payer's signature call viem's `recoverAddress`, which
 *   ./native-key-recovery.ts makes native (libsecp256k1) in the thread that builds this network; viem's
 *   keccak-256 permutation runs in WebAssembly there (./wasm-keccak.ts).
 * - P8: `x402Facilitator.getSupported()` is synchronous; the `FacilitatorClient` interface wants a Promise.
 */
import { x402Facilitator } from "@x402/core/facilitator";
import type { FacilitatorClient } from "@x402/core/server";
import type { Network, PaymentPayload, PaymentRequirements, SettleResponse, VerifyResponse } from "@x402/core/types";
import { toFacilitatorEvmSigner, type FacilitatorEvmSigner } from "@x402/evm";
import { registerExactEvmScheme } from "@x402/evm/exact/facilitator";
import {
  createWalletClient,
  custom,
  defineChain,
  getAddress,
  isAddress,
  parseAbi,
  publicActions,
  TransactionReceiptNotFoundError,
  type Abi,
  type Address,
  type Hex,
} from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import {
  BASE_CHAIN_ID,
  BASE_NETWORK,
  BASE_USDC_ADDRESS,
  MULTICALL3_ADDRESS,
  startLocalChain,
  type JsonRpcRequest,
  type LocalChain,
} from "./local-chain.js";
import { readAuthorizationState, type AuthorizationState } from "./authorization-state.js";
import { openChainJournal } from "./chain-journal.js";
import {
  compactChain,
  emptyCompactedHistory,
  noteSentAuthorization,
  recallAuthorization,
  restoreUsedFlag,
  restoreUsedFlags,
  type CompactionReport,
} from "./chain-compaction.js";
import { minedTransactions } from "./mined-transactions.js";
import { createSerialLane } from "./serial-lane.js";
import { withNativeTransactionSigning } from "./native-transaction-signing.js";
import { installNativeKeyRecovery } from "./native-key-recovery.js";
import { installWasmKeccak } from "./wasm-keccak.js";

export type { AuthorizationState };

export {
  BASE_CHAIN_ID,
  BASE_NETWORK,
  BASE_USDC_ADDRESS,
  MULTICALL3_ADDRESS,
  USDC_DECIMALS,
  USDC_EIP712_DOMAIN,
  EmbeddedChainUnavailableError,
} from "./local-chain.js";

/** ETH credited to the facilitator key for gas: 1 000 ETH (~12 million settlements at ~82.6k gas, 1 gwei). */
const DEFAULT_FACILITATOR_ETH = 10n ** 21n;
/** maxFeePerGas of every transaction: the chain's first base fee (1 gwei) with room to spare. */
const FEE_CAP_WEI = 2_000_000_000n;
/**
 * Gas limit of a settlement (TestUSDC `transferWithAuthorization`) whose authorization this facilitator's verify
 * has just simulated with success: viem then need not estimate it (the estimate is another execution of the same
 * transfer on the chain). A settlement uses 65.5k gas, 82.6k when the recipient's balance slot is new (measured); a
 * test keeps it under three quarters of this. Any other send is estimated as usual, so a replayed or unverified
 * authorization still fails before broadcast with the token's own reason (nonce already used, and so on).
 */
export const SETTLEMENT_GAS_LIMIT = 150_000n;
/** How long a successful simulation in verify vouches for the settle of the same authorization. */
const SIMULATION_VOUCHES_MS = 30_000;
/** Bound on authorizations remembered as simulated (cleared wholesale past it: the cost is only an estimate). */
const SIMULATED_MAX = 10_000;
/** The token function a settlement calls: its cost on TestUSDC is known. */
const SETTLEMENT_FUNCTION = "transferWithAuthorization";
/** Addresses whose code is remembered (about 100 bytes each); past it the memory starts over. */
const KNOWN_CODE_MAX = 10_000;
const POLLING_INTERVAL_MS = 20;
const RECEIPT_TIMEOUT_MS = 30_000;
/** uint256 max: TestUSDC.mint takes a uint256. */
const MAX_UINT256 = 2n ** 256n - 1n;

const testUsdcAbi = parseAbi([
  "function balanceOf(address account) view returns (uint256)",
  "function mint(address to, uint256 value) returns (bool)",
]);

/** The chain as viem sees it: Base's id, but plain EVM formatters (no OP-stack specifics) and no public RPC. */
const embeddedBase = defineChain({
  id: BASE_CHAIN_ID,
  name: "Base (embedded test chain)",
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
  rpcUrls: { default: { http: [] } },
  contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
  testnet: true,
});

export interface EmbeddedPaymentNetworkOptions {
  /** Facilitator hot key (pays gas, sends `transferWithAuthorization`). Default: a fresh random key. */
  facilitatorPrivateKey?: Hex;
  /** ETH in wei credited to the facilitator key at boot. Default 1 000 ETH. */
  facilitatorEthWei?: bigint;
  /**
   * File that makes the chain's state survive restarts (./chain-journal.ts): every mined transaction is
   * recorded there and replayed at boot. Needs the same facilitator key and ETH every time. Default: none.
   */
  journalFile?: string;
  /**
   * Mined transactions after which the chain is compacted (./chain-compaction.ts), so that its memory stays
   * bounded however long it runs. Default 200 (4 to 10 MB of blocks at most; a compaction takes about 50 ms).
   */
  compactEveryTransactions?: number;
}

/** Default of EmbeddedPaymentNetworkOptions.compactEveryTransactions. */
export const COMPACT_EVERY_TRANSACTIONS = 200;

export interface EmbeddedPaymentNetwork {
  /** Pass to `new x402ResourceServer(facilitator)`. Verifies and settles `exact` payments on eip155:8453. */
  readonly facilitator: FacilitatorClient;
  /** "eip155:8453" */
  readonly network: Network;
  /** TestUSDC, at the Base USDC address. */
  readonly usdcAddress: Address;
  /** Transactions replayed from the journal at boot (0 without one). */
  readonly replayedTransactions: number;
  /** Address of the facilitator key (the `signers` entry of getSupported). */
  readonly facilitatorAddress: Address;
  /** Mints test USDC (atomic units, 6 decimals: 1_000_000n = 1 USDC); resolves with the mined tx hash. */
  mintUsdc(to: Address, atomicAmount: bigint): Promise<Hex>;
  /** TestUSDC balance in atomic units. */
  balanceOf(address: Address): Promise<bigint>;
  /** Whether an EIP-3009 authorization nonce of `payer` was used on chain, and by which transaction. */
  authorizationState(payer: Address, nonce: Hex): Promise<AuthorizationState>;
  /** Raw JSON-RPC against the embedded chain (tests, diagnostics). */
  chainRequest(method: string, params?: JsonRpcRequest["params"]): Promise<unknown>;
  /** Stops the chain; verify/settle/mint fail afterwards. Idempotent. */
  close(): Promise<void>;
}

/** The network as created in the thread that runs its chain, with what only code beside the chain can do. */
export interface LocalPaymentNetwork extends EmbeddedPaymentNetwork {
  /**
   * Runs `run` on a throwaway copy of the chain: a snapshot is taken first and restored after, so whatever
   * `run` mints or settles is neither kept nor journaled, and the facilitator's nonce and caches are read
   * afresh. Nothing else may use the network meanwhile (what it did would be undone too): the payment thread
   * calls it once, at boot, before it says it is ready (./settlement-rehearsal.ts).
   */
  onThrowawayFork<T>(run: () => Promise<T>): Promise<T>;
  /** Compacts the chain now (it also happens every `compactEveryTransactions`); balances and used authorizations stay. */
  compact(): Promise<CompactionReport>;
}

/** JSON-RPC "method not found", which viem maps to MethodNotFoundRpcError. */
function methodNotFound(method: string): Error & { code: number } {
  return Object.assign(new Error(`the method ${method} does not exist/is not available`), { code: -32601 });
}

/**
 * Boots the in-process chain (hardhat 2 / EDR, chainId 8453, TestUSDC + Multicall3 installed), funds the
 * facilitator key and returns a ready facilitator. About 0.25–0.35 s on a 2-core VM, loading hardhat included;
 * throws EmbeddedChainUnavailableError if the optional hardhat dependency is missing or cannot start.
 */
export async function createEmbeddedPaymentNetwork(
  options: EmbeddedPaymentNetworkOptions = {},
): Promise<LocalPaymentNetwork> {
  // The facilitator's checks of payer signatures recover keys through viem, and viem hashes with noble's keccak:
  // make the recoveries native and the keccak permutation WebAssembly, in this thread.
  await Promise.all([installNativeKeyRecovery(), installWasmKeccak()]);
  const privateKey = options.facilitatorPrivateKey ?? generatePrivateKey();
  const account = withNativeTransactionSigning(privateKeyToAccount(privateKey), privateKey);

  const journal = options.journalFile === undefined ? undefined : openChainJournal(options.journalFile);
  const firstS = journal?.firstTimestampS;
  const chain: LocalChain = await startLocalChain({
    fund: [{ address: account.address, wei: options.facilitatorEthWei ?? DEFAULT_FACILITATOR_ETH }],
    ...(firstS === undefined ? {} : { initialDate: new Date((firstS - 1) * 1000).toISOString() }),
  });

  const replayed = journal === undefined ? 0 : await journal.replay(chain.request, Math.floor(Date.now() / 1000));
  /** True while onThrowawayFork runs: what is mined then is reverted, so it must not reach the journal. */
  let onFork = false;

  // Every request but a compaction's own waits while the chain is compacted, and a compaction waits for those
  // under way: nothing may read the chain between its reset and the return of its state.
  let compacting: Promise<unknown> | undefined;
  const underWay = new Set<Promise<unknown>>();
  const history = emptyCompactedHistory();
  const request = async (args: JsonRpcRequest): Promise<unknown> => {
    while (compacting !== undefined) await compacting.catch(() => undefined);
    // A call or an estimate that names an authorization a compaction dropped gets its used flag back first
    // (./chain-compaction.ts); settlements get it in writeContract, below.
    const named = (args.method === "eth_call" || args.method === "eth_estimateGas") && Array.isArray(args.params) ? (args.params[0] as { to?: unknown; data?: unknown } | undefined) : undefined;
    const call = named === undefined ? chain.request(args) : restoreUsedFlags(chain.request, history, named.to, named.data).then(() => chain.request(args));
    underWay.add(call);
    try {
      return await call;
    } finally {
      underWay.delete(call);
    }
  };

  const mined = minedTransactions(request, journal);
  const compactEvery = options.compactEveryTransactions ?? COMPACT_EVERY_TRANSACTIONS;
  let minedSinceCompaction = replayed;
  const transport = custom(
    {
      request: async ({ method, params }: { method: string; params?: unknown }) => {
        if (method === "eth_fillTransaction") throw methodNotFound(method);
        if (method === "eth_getTransactionReceipt") {
          const held = mined.takeReceipt((params as [Hex])[0]);
          if (held !== undefined) return held;
        }
        const result = await request({ method, params: params as JsonRpcRequest["params"] });
        // Automine: mined already. Its receipt and its journal line are under way from here (./mined-transactions.ts).
        if (method === "eth_sendRawTransaction") {
          mined.mined((params as [string])[0], result as Hex, !onFork);
          if (!onFork) minedSinceCompaction += 1;
        }
        return result;
      },
    },
    { retryCount: 0 },
  );
  const client = createWalletClient({
    account,
    chain: embeddedBase,
    transport,
    pollingInterval: POLLING_INTERVAL_MS,
    cacheTime: 0,
  }).extend(publicActions);

  const lane = createSerialLane();
  /** The facilitator account's next nonce, known only inside the lane; undefined means "read it from the chain". */
  let nextNonce: number | undefined;
  /** What every send adds to its transaction: the counted nonce and the fixed EIP-1559 fees. */
  type SendTerms = { nonce: number; type: "eip1559"; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
  /** Sends one transaction through the serial lane with the next nonce; re-reads the nonce if the send fails. */
  const send = (sendTx: (terms: SendTerms) => Promise<Hex>): Promise<Hex> =>
    lane(async () => {
      nextNonce ??= await client.getTransactionCount({ address: account.address, blockTag: "pending" });
      try {
        const hash = await sendTx({ nonce: nextNonce, type: "eip1559", maxFeePerGas: FEE_CAP_WEI, maxPriorityFeePerGas: 0n });
        nextNonce += 1;
        return hash;
      } catch (error) {
        nextNonce = undefined;
        throw error;
      } finally {
        // Queued behind this send, so its sender does not wait for it; the sends after it do.
        if (minedSinceCompaction >= compactEvery && !onFork && !compactionQueued) {
          compactionQueued = true;
          void lane(compactNow).catch(() => undefined);
        }
      }
    });

  let compactionQueued = false;
  /** Set when a compaction failed: the chain may be half restored, so nothing more is verified or settled on it. */
  let compactionFailure: unknown;
  /** Runs in the lane (no send under way): pauses every other request, waits for those under way, compacts. */
  const compactNow = async (): Promise<CompactionReport> => {
    let done!: () => void;
    compacting = new Promise<void>((resolve) => (done = resolve));
    compactionQueued = false;
    try {
      while (underWay.size > 0) await Promise.allSettled([...underWay]);
      minedSinceCompaction = 0;
      return await compactChain(chain.request, history, account.address, Math.floor(Date.now() / 1000));
    } catch (error) {
      // The journal still holds every transaction: a restart replays it.
      compactionFailure = error;
      throw error;
    } finally {
      knownCode.clear();
      compacting = undefined;
      done();
    }
  };

  /**
   * Contract code by address, remembered: the facilitator asks for the payer's code twice at verify and twice
   * at settle (ERC-6492 and ERC-1271 checks). Code can only change through a transaction that deploys it or
   * through hardhat_setCode; every transaction here is a token transfer or mint sent by this module, and raw
   * requests that could change state (chainRequest) clear the memory.
   */
  const knownCode = new Map<string, Promise<Hex | undefined>>();
  const codeAt = (address: Address): Promise<Hex | undefined> => {
    const key = address.toLowerCase();
    let code = knownCode.get(key);
    if (code === undefined) {
      if (knownCode.size >= KNOWN_CODE_MAX) knownCode.clear();
      code = client.getCode({ address });
      code.catch(() => knownCode.delete(key));
      knownCode.set(key, code);
    }
    return code;
  };
  /** Authorizations (payer|nonce) whose transfer verify simulated with success, and when; see SETTLEMENT_GAS_LIMIT. */
  const simulatedAt = new Map<string, number>();
  const authorizationKey = (payer: unknown, nonce: unknown) => `${String(payer).toLowerCase()}|${String(nonce).toLowerCase()}`;
  const rememberSimulated = (payload: PaymentPayload) => {
    const authorization = (payload.payload as { authorization?: { from?: unknown; nonce?: unknown } }).authorization;
    if (authorization?.from === undefined || authorization.nonce === undefined) return;
    if (simulatedAt.size >= SIMULATED_MAX) simulatedAt.clear();
    simulatedAt.set(authorizationKey(authorization.from, authorization.nonce), Date.now());
  };
  /** True once per simulated authorization, within SIMULATION_VOUCHES_MS: a second settle of it is estimated. */
  const vouchedSettlement = (functionName: string, args: readonly unknown[] | undefined): boolean => {
    if (functionName !== SETTLEMENT_FUNCTION || args === undefined) return false;
    const key = authorizationKey(args[0], args[5]); // (from, to, value, validAfter, validBefore, nonce, …)
    const at = simulatedAt.get(key);
    simulatedAt.delete(key);
    return at !== undefined && Date.now() - at < SIMULATION_VOUCHES_MS;
  };
  const READ_ONLY_RPC = /^(eth_get|eth_call$|eth_chainId$|eth_blockNumber$|eth_estimateGas$)/;

  const waitForReceipt = async (hash: Hex, timeout = RECEIPT_TIMEOUT_MS) => {
    try {
      return await client.getTransactionReceipt({ hash });
    } catch (error) {
      if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
      return client.waitForTransactionReceipt({ hash, timeout, pollingInterval: POLLING_INTERVAL_MS });
    }
  };

  // viem's action types are generic over a literal ABI; the facilitator passes `readonly unknown[]` ABIs
  // and plain strings, hence the casts to viem's widest `Abi` shape.
  const signer: FacilitatorEvmSigner = toFacilitatorEvmSigner(
    {
      address: account.address,
      getCode: ({ address }) => codeAt(address),
      readContract: ({ address, abi, functionName, args }) =>
        client.readContract({ address, abi: abi as Abi, functionName, args: args ?? [] }),
      verifyTypedData: (args) =>
        client.verifyTypedData(args as unknown as Parameters<typeof client.verifyTypedData>[0]),
      writeContract: ({ address, abi, functionName, args, gas, dataSuffix }) =>
        send(async (terms) => {
          if (functionName === SETTLEMENT_FUNCTION && args !== undefined) await restoreUsedFlag(request, history, String(args[0]), String(args[5]));
          const hash = await client.writeContract({
            ...terms,
            address,
            abi: abi as Abi,
            functionName,
            args,
            ...(gas !== undefined ? { gas } : vouchedSettlement(functionName, args) ? { gas: SETTLEMENT_GAS_LIMIT } : {}),
            ...(dataSuffix === undefined ? {} : { dataSuffix }),
          });
          // In the lane, so before any compaction queued behind this send reads the logs.
          if (!onFork) noteSentAuthorization(history, functionName, args, hash);
          return hash;
        }),
      sendTransaction: ({ to, data }) => send((terms) => client.sendTransaction({ ...terms, to, data })),
      waitForTransactionReceipt: ({ hash, timeout }) => waitForReceipt(hash, timeout),
    },
    { confirmationTimeoutMs: RECEIPT_TIMEOUT_MS },
  );

  const core = new x402Facilitator();
  registerExactEvmScheme(core, { signer, networks: BASE_NETWORK });

  let closed = false;
  const assertOpen = (what: string): void => {
    if (closed) throw new Error(`embedded payment network is closed (${what})`);
    if (compactionFailure !== undefined) throw new Error(`embedded chain compaction failed; restart to replay the journal (${what})`, { cause: compactionFailure });
  };
  // A long journal just replayed: its blocks go at once, not after the next send.
  if (minedSinceCompaction >= compactEvery) await lane(compactNow);

  const facilitator: FacilitatorClient = {
    verify: async (payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse> => {
      assertOpen("verify");
      const verified = await core.verify(payload, requirements);
      if (verified.isValid) rememberSimulated(payload);
      return verified;
    },
    settle: async (payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse> => {
      assertOpen("settle");
      const settled = await core.settle(payload, requirements);
      // Reported only once its transaction is in the journal on disk (reverted ones too: they were mined).
      if (settled.transaction) await mined.durable(settled.transaction as Hex);
      return settled;
    },
    // registerExactEvmScheme also registers x402 v1 `exact` for every EVM network it knows ("ethereum",
    // "polygon", …). This chain is Base only, so advertise only what it can settle: v2 eip155:8453 and v1 "base".
    getSupported: async () => {
      const supported = core.getSupported();
      const kinds = supported.kinds
        .filter((kind) => (kind.x402Version === 2 ? kind.network === BASE_NETWORK : kind.network === "base"))
        .map((kind) => ({ ...kind, network: kind.network as Network }));
      return { ...supported, kinds };
    },
  };

  const mintUsdc = async (to: Address, atomicAmount: bigint): Promise<Hex> => {
    assertOpen("mintUsdc");
    if (!isAddress(to, { strict: false })) throw new TypeError(`mintUsdc: not an address: ${String(to)}`);
    if (typeof atomicAmount !== "bigint" || atomicAmount <= 0n || atomicAmount > MAX_UINT256) {
      throw new RangeError(`mintUsdc: amount must be a positive uint256 bigint, got ${String(atomicAmount)}`);
    }
    const hash = await send((terms) =>
      client.writeContract({
        ...terms,
        address: BASE_USDC_ADDRESS,
        abi: testUsdcAbi,
        functionName: "mint",
        args: [getAddress(to), atomicAmount],
      }),
    );
    const receipt = await waitForReceipt(hash);
    await mined.durable(hash);
    if (receipt.status !== "success") throw new Error(`mintUsdc: transaction ${hash} reverted`);
    return hash;
  };

  const balanceOf = async (address: Address): Promise<bigint> => {
    assertOpen("balanceOf");
    return client.readContract({
      address: BASE_USDC_ADDRESS,
      abi: testUsdcAbi,
      functionName: "balanceOf",
      args: [getAddress(address)],
    });
  };

  const authorizationState = async (payer: Address, nonce: Hex): Promise<AuthorizationState> => {
    assertOpen("authorizationState");
    return recallAuthorization(history, payer, nonce, await readAuthorizationState(client, payer, nonce));
  };

  return {
    facilitator,
    network: BASE_NETWORK,
    replayedTransactions: replayed,
    authorizationState,
    usdcAddress: BASE_USDC_ADDRESS,
    facilitatorAddress: account.address,
    mintUsdc,
    balanceOf,
    chainRequest: (method, params) => {
      if (!READ_ONLY_RPC.test(method)) knownCode.clear();
      return request(params === undefined ? { method } : { method, params });
    },
    compact: () => {
      assertOpen("compact");
      return lane(compactNow);
    },
    onThrowawayFork: async (run) => {
      assertOpen("onThrowawayFork");
      const snapshot = await chain.request({ method: "evm_snapshot" });
      // Flags written back on the fork are undone with it: they must be written again when next named.
      const restoredBefore = new Set(history.restoredFlags);
      onFork = true;
      try {
        return await run();
      } finally {
        // In the lane, so no send of the fork is still counting nonces when they are forgotten.
        await lane(async () => {
          await chain.request({ method: "evm_revert", params: [snapshot] });
          for (const key of history.restoredFlags) if (!restoredBefore.has(key)) history.restoredFlags.delete(key);
          onFork = false;
          nextNonce = undefined;
          knownCode.clear();
          simulatedAt.clear();
          mined.forgetReceipts();
        });
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await chain.close();
      journal?.close();
    },
  };
}
