import { concat, keccak256, pad, toFunctionSelector, toHex, type Address, type Hex } from "viem";
import artifacts from "./contract-artifacts.json" with { type: "json" };
import type { AuthorizationState } from "./authorization-state.js";
import { BASE_USDC_ADDRESS, MULTICALL3_ADDRESS, type JsonRpcRequest } from "./local-chain.js";

/**
 * Bounds the in-process chain's memory. hardhat 2 (EDR) keeps every block, receipt and log for as long as the
 * chain lives (about 20 to 50 KB per settlement, measured), and it has no pruning. What the payments need of that
 * history is small: TestUSDC's storage (total supply, balances, allowances, used authorizations) and the
 * facilitator account's nonce and ETH. So every so many transactions the chain is reset to an empty genesis
 * (`hardhat_reset`, which frees the blocks and reuses their memory; a new provider would not: its memory is not
 * given back) and that state is written back:
 * - balances and allowances of every address TestUSDC's events ever named (kept across compactions; zero ones
 *   dropped), and the total supply;
 * - the used flags of authorizations, on demand: every authorization used before the compaction is remembered
 *   here while its validBefore is after the chain's time (an expired one is refused by the token whatever its
 *   flag), and its flag is written back the first time a request of the chain names it again
 *   (`restoreUsedFlags`: a simulation, an estimate or a settlement of it, or a read of its state), before that
 *   request runs, so the chain refuses a replay exactly as before the compaction. A flag written back is written
 *   again by every later compaction while it is live. Writing every live flag back at each compaction made its
 *   cost grow with the payment rate times the authorizations' window (at 300 paid calls/s and two-minute
 *   windows, about 40,000 slots every 200 settlements) until the compactions took most of the payment thread;
 * - the transaction that used each authorization is remembered here (for `authorizationState`, which
 *   reconciliation asks) for an hour past its validBefore, as the logs that said so are gone (the expired ones
 *   20,000 at most; a live one is never forgotten, its flag may still be needed).
 * Storage is written by transactions of a tiny contract set in TestUSDC's place for the moment (storage survives a
 * code change): one `hardhat_setStorageAt` costs about 0.4 ms and 10 KB of the chain's memory, a slot written by a
 * transaction a small fraction of that. The facilitator's journal is untouched: it still replays from genesis.
 */

/**
 * How long past its validBefore the transaction of a used authorization is remembered, and how many expired ones at
 * most (the oldest go first; about 400 bytes each). Reconciliation asks within minutes of a crash (every minute,
 * for claims two minutes old), so an hour is plenty.
 */
export const USED_AUTHORIZATION_MEMORY_S = 3_600;
export const USED_AUTHORIZATION_MEMORY_MAX = 20_000;

/** Runtime code that stores each 64-byte (slot, value) pair of its calldata: sstore(calldata[i], calldata[i+32]). */
const STORAGE_WRITER_CODE: Hex = "0x60005b8036111560185780602001358135556040016002565b00";
/** Any address with ETH for gas; it sends the storage writer's transactions (never the facilitator: its nonce is the journal's). */
const RESTORER: Address = "0x00000000000000000000000000000000c0Ffee01";
const PAIRS_PER_TRANSACTION = 400;
const GAS_PER_TRANSACTION = 12_000_000n;

const TRANSFER_TOPIC = keccak256(toHex("Transfer(address,address,uint256)"));
const APPROVAL_TOPIC = keccak256(toHex("Approval(address,address,uint256)"));
const AUTHORIZATION_USED_TOPIC = keccak256(toHex("AuthorizationUsed(address,bytes32)"));
/** The EIP-3009 functions that use an authorization; validBefore is the fifth static argument of each. */
const AUTHORIZATION_SELECTORS = new Set(
  [
    "transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)",
    "transferWithAuthorization(address,address,uint256,uint256,uint256,bytes32,bytes)",
    "receiveWithAuthorization(address,address,uint256,uint256,uint256,bytes32,uint8,bytes32,bytes32)",
  ].map((signature) => toFunctionSelector(signature)),
);
const AUTHORIZATION_STATE_SELECTOR = toFunctionSelector("authorizationState(address,bytes32)");
/** Their names, as the facilitator's writeContract gives them (noteSentAuthorization). */
const AUTHORIZATION_FUNCTIONS = new Set(["transferWithAuthorization", "receiveWithAuthorization"]);
/** Sent validBefores held at most between compactions (about 100 bytes each). */
const SENT_VALID_BEFORE_MAX = 20_000;
/** TestUSDC's storage layout (chain/TestUSDC.sol): totalSupply, balanceOf, allowance, _usedAuthorizations. */
const SLOT = { totalSupply: 0n, balanceOf: 1n, allowance: 2n, usedAuthorizations: 3n };

type Request = (args: JsonRpcRequest) => Promise<unknown>;
interface Log {
  topics: Hex[];
  transactionHash: Hex;
}

/** What survives compactions, beside what the chain itself holds. */
export interface CompactedHistory {
  holders: Set<string>;
  /** "owner|spender" */
  allowances: Set<string>;
  /** "authorizer|nonce" -> the authorization's validBefore (Infinity when unknown) and the transaction that used it. */
  usedAuthorizations: Map<string, { validBeforeS: number; transaction: Hex }>;
  /**
   * validBefore of the authorization transactions sent since the last compaction, by lowercase hash, told by the
   * sender (noteSentAuthorization), so that a compaction need not read each one back from the chain (one request
   * per settlement). A transaction it does not name (replayed from the journal, sent raw) is read back.
   */
  sentValidBeforeS: Map<string, number>;
  /** "authorizer|nonce" of remembered authorizations whose flag was written back on demand: every compaction rewrites them while live. */
  restoredFlags: Set<string>;
}

export interface CompactionReport {
  /** Blocks dropped. */
  blocks: number;
  holders: number;
  /** Remembered authorizations still inside their window (their flags are written back on demand). */
  liveAuthorizations: number;
  /** Used flags written back by this compaction: those of live authorizations already restored on demand. */
  flagsWritten: number;
  /** Used authorizations whose transaction is remembered. */
  rememberedAuthorizations: number;
}

export function emptyCompactedHistory(): CompactedHistory {
  return { holders: new Set(), allowances: new Set(), usedAuthorizations: new Map(), sentValidBeforeS: new Map(), restoredFlags: new Set() };
}

/**
 * Tells the history the validBefore of an authorization transaction just sent (`args` as given to the token
 * function: validBefore is the fifth of every EIP-3009 function). Bounded by the compaction period: a compaction
 * empties it, and past SENT_VALID_BEFORE_MAX (sends without compactions) it starts over (the rest are read back).
 */
export function noteSentAuthorization(history: CompactedHistory, functionName: string, args: readonly unknown[] | undefined, hash: Hex): void {
  if (!AUTHORIZATION_FUNCTIONS.has(functionName) || args === undefined) return;
  const validBefore = args[4];
  if (typeof validBefore !== "bigint" && typeof validBefore !== "number" && typeof validBefore !== "string") return;
  let seconds: bigint;
  try {
    seconds = BigInt(validBefore);
  } catch {
    return;
  }
  if (history.sentValidBeforeS.size >= SENT_VALID_BEFORE_MAX) history.sentValidBeforeS.clear();
  history.sentValidBeforeS.set(hash.toLowerCase(), seconds > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(seconds));
}

const authorizationKey = (authorizer: string, nonce: string) => `${authorizer.toLowerCase()}|${nonce.toLowerCase()}`;

/** The chain's answer, completed by what compactions remember (the logs that named the transaction are gone). */
export function recallAuthorization(history: CompactedHistory, payer: Address, nonce: Hex, onChain: AuthorizationState): AuthorizationState {
  if (onChain.transaction !== undefined) return onChain;
  const remembered = history.usedAuthorizations.get(authorizationKey(payer, nonce));
  return remembered === undefined ? onChain : { used: true, transaction: remembered.transaction };
}

/**
 * Resets the chain and writes its payment state back (see above). Nothing else may use the chain meanwhile:
 * the caller holds the facilitator's send lane and pauses every other request (./embedded-facilitator.ts).
 */
export async function compactChain(request: Request, history: CompactedHistory, facilitator: Address, nowS: number): Promise<CompactionReport> {
  const latest = (await request({ method: "eth_getBlockByNumber", params: ["latest", false] })) as { number: Hex; timestamp: Hex };
  await remember(request, history);
  const totalSupply = (await request({ method: "eth_getStorageAt", params: [BASE_USDC_ADDRESS, toHex(SLOT.totalSupply), "latest"] })) as Hex;
  const pairs: Array<[Hex, Hex]> = [[toHex(SLOT.totalSupply, { size: 32 }), pad(totalSupply)]];
  const copySlot = async (slot: Hex): Promise<boolean> => {
    const value = (await request({ method: "eth_getStorageAt", params: [BASE_USDC_ADDRESS, slot, "latest"] })) as Hex;
    if (BigInt(value) === 0n) return false;
    pairs.push([slot, pad(value)]);
    return true;
  };
  for (const holder of [...history.holders]) if (!(await copySlot(balanceSlot(holder)))) history.holders.delete(holder);
  for (const pair of [...history.allowances]) {
    const [owner, spender] = pair.split("|") as [string, string];
    if (!(await copySlot(allowanceSlot(owner, spender)))) history.allowances.delete(pair);
  }
  const chainS = Math.max(nowS, Number(BigInt(latest.timestamp)));
  let live = 0;
  let expired = 0;
  for (const [key, used] of history.usedAuthorizations) {
    if (used.validBeforeS + USED_AUTHORIZATION_MEMORY_S < chainS) {
      history.usedAuthorizations.delete(key);
      history.restoredFlags.delete(key);
    } else if (used.validBeforeS > chainS) live += 1;
    else expired += 1;
  }
  // The expired ones past the bound, oldest first (insertion order is the order they were used in).
  for (const [key, used] of history.usedAuthorizations) {
    if (expired <= USED_AUTHORIZATION_MEMORY_MAX) break;
    if (used.validBeforeS > chainS) continue;
    history.usedAuthorizations.delete(key);
    history.restoredFlags.delete(key);
    expired -= 1;
  }
  let flagsWritten = 0;
  for (const key of history.restoredFlags) {
    const used = history.usedAuthorizations.get(key);
    if (used === undefined || used.validBeforeS <= chainS) {
      history.restoredFlags.delete(key); // expired: the token refuses it by its time
      continue;
    }
    const [authorizer, nonce] = key.split("|") as [string, Hex];
    pairs.push([usedSlot(authorizer, nonce), toHex(1n, { size: 32 })]);
    flagsWritten += 1;
  }
  const nonce = (await request({ method: "eth_getTransactionCount", params: [facilitator, "latest"] })) as Hex;
  const ether = (await request({ method: "eth_getBalance", params: [facilitator, "latest"] })) as Hex;

  await request({ method: "hardhat_reset", params: [] });
  await request({ method: "evm_setNextBlockTimestamp", params: [chainS] });
  await request({ method: "evm_mine" });
  await writeStorage(request, pairs);
  await request({ method: "hardhat_setCode", params: [BASE_USDC_ADDRESS, artifacts.contracts.TestUSDC.deployedBytecode] });
  await request({ method: "hardhat_setCode", params: [MULTICALL3_ADDRESS, artifacts.contracts.MiniMulticall.deployedBytecode] });
  await request({ method: "hardhat_setBalance", params: [facilitator, ether] });
  await request({ method: "hardhat_setNonce", params: [facilitator, nonce] });
  return {
    blocks: Number(BigInt(latest.number)),
    holders: history.holders.size,
    liveAuthorizations: live,
    flagsWritten,
    rememberedAuthorizations: history.usedAuthorizations.size,
  };
}

/**
 * Writes back, before a request runs, the used flag of the authorization it names if a compaction dropped it
 * (see the header): `data` is the calldata of a call or transaction to TestUSDC. Only the first request naming
 * it after its compaction writes (one `hardhat_setStorageAt`); an authorization never used, or used since the last
 * compaction (its flag is still on chain), costs a lookup. `request` must reach the chain directly (not wait
 * for a compaction: the caller runs between compactions).
 */
export async function restoreUsedFlags(request: Request, history: CompactedHistory, to: unknown, data: unknown): Promise<void> {
  if (history.usedAuthorizations.size === 0 || typeof to !== "string" || typeof data !== "string") return;
  if (to.toLowerCase() !== BASE_USDC_ADDRESS.toLowerCase()) return;
  const named = authorizationNamedBy(data);
  if (named === undefined) return;
  await restoreUsedFlag(request, history, named.authorizer, named.nonce);
}

/** As restoreUsedFlags, for an authorization known by its authorizer and nonce (a settlement about to be sent). */
export async function restoreUsedFlag(request: Request, history: CompactedHistory, authorizer: string, nonce: string): Promise<void> {
  const key = authorizationKey(authorizer, nonce);
  if (!history.usedAuthorizations.has(key) || history.restoredFlags.has(key)) return;
  // Marked first: a compaction that starts before the write below lands writes the flag back itself.
  history.restoredFlags.add(key);
  await request({ method: "hardhat_setStorageAt", params: [BASE_USDC_ADDRESS, usedSlot(authorizer.toLowerCase(), nonce.toLowerCase() as Hex), toHex(1n, { size: 32 })] });
}

/**
 * The (authorizer, nonce) a TestUSDC call names: the EIP-3009 functions (from is their first word, the nonce
 * their sixth) and `authorizationState(authorizer, nonce)`.
 */
function authorizationNamedBy(data: string): { authorizer: string; nonce: string } | undefined {
  const selector = data.slice(0, 10).toLowerCase();
  const word = (i: number) => data.slice(10 + 64 * i, 10 + 64 * (i + 1));
  if (AUTHORIZATION_SELECTORS.has(selector as Hex) && data.length >= 10 + 6 * 64) return { authorizer: `0x${word(0).slice(24)}`, nonce: `0x${word(5)}` };
  if (selector === AUTHORIZATION_STATE_SELECTOR && data.length >= 10 + 2 * 64) return { authorizer: `0x${word(0).slice(24)}`, nonce: `0x${word(1)}` };
  return undefined;
}

/** Adds what the chain's TestUSDC events name (since genesis or the last compaction) to the history. */
async function remember(request: Request, history: CompactedHistory): Promise<void> {
  const logs = (await request({ method: "eth_getLogs", params: [{ address: BASE_USDC_ADDRESS, fromBlock: "0x0", toBlock: "latest" }] })) as Log[];
  const addressOf = (topic: Hex) => `0x${topic.slice(26)}`.toLowerCase();
  const validBefore = new Map<string, number>();
  for (const log of logs) {
    const [topic, first, second] = log.topics;
    if (topic === TRANSFER_TOPIC && first !== undefined && second !== undefined) {
      for (const party of [addressOf(first), addressOf(second)]) if (BigInt(party) !== 0n) history.holders.add(party);
    } else if (topic === APPROVAL_TOPIC && first !== undefined && second !== undefined) {
      history.allowances.add(`${addressOf(first)}|${addressOf(second)}`);
    } else if (topic === AUTHORIZATION_USED_TOPIC && first !== undefined && second !== undefined) {
      const tx = log.transactionHash.toLowerCase();
      if (!validBefore.has(tx)) validBefore.set(tx, history.sentValidBeforeS.get(tx) ?? (await validBeforeOf(request, log.transactionHash)));
      history.usedAuthorizations.set(authorizationKey(addressOf(first), second), { validBeforeS: validBefore.get(tx)!, transaction: log.transactionHash });
    }
  }
  // Every transaction sent before this compaction is in the logs just read.
  history.sentValidBeforeS.clear();
}

/** The validBefore argument of the transaction that used an authorization (Infinity when it is not one we know). */
async function validBeforeOf(request: Request, hash: Hex): Promise<number> {
  const tx = (await request({ method: "eth_getTransactionByHash", params: [hash] })) as { input: Hex } | null;
  const input = tx?.input ?? "0x";
  if (!AUTHORIZATION_SELECTORS.has(input.slice(0, 10) as Hex) || input.length < 10 + 5 * 64) return Number.POSITIVE_INFINITY;
  const word = BigInt(`0x${input.slice(10 + 4 * 64, 10 + 5 * 64)}`);
  return word > BigInt(Number.MAX_SAFE_INTEGER) ? Number.POSITIVE_INFINITY : Number(word);
}

/** Writes storage slots of TestUSDC's address through the storage writer, then the caller puts TestUSDC back. */
async function writeStorage(request: Request, pairs: Array<[Hex, Hex]>): Promise<void> {
  await request({ method: "hardhat_setCode", params: [BASE_USDC_ADDRESS, STORAGE_WRITER_CODE] });
  await request({ method: "hardhat_setBalance", params: [RESTORER, toHex(10n ** 21n)] });
  await request({ method: "hardhat_impersonateAccount", params: [RESTORER] });
  try {
    for (let at = 0; at < pairs.length; at += PAIRS_PER_TRANSACTION) {
      const data = concat(pairs.slice(at, at + PAIRS_PER_TRANSACTION).flat());
      const hash = await request({ method: "eth_sendTransaction", params: [{ from: RESTORER, to: BASE_USDC_ADDRESS, data, gas: toHex(GAS_PER_TRANSACTION) }] });
      const receipt = (await request({ method: "eth_getTransactionReceipt", params: [hash] })) as { status: Hex } | null;
      if (receipt?.status !== "0x1") throw new Error("chain compaction: writing TestUSDC's storage back failed");
    }
  } finally {
    await request({ method: "hardhat_stopImpersonatingAccount", params: [RESTORER] });
  }
}

const word = (value: string | bigint) => pad(typeof value === "bigint" ? toHex(value) : (value as Hex));
const mappingSlot = (key: Hex, slot: Hex | bigint) => keccak256(concat([word(key), typeof slot === "bigint" ? word(slot) : slot]));
const balanceSlot = (holder: string) => mappingSlot(holder as Hex, SLOT.balanceOf);
const allowanceSlot = (owner: string, spender: string) => mappingSlot(spender as Hex, mappingSlot(owner as Hex, SLOT.allowance));
const usedSlot = (authorizer: string, nonce: Hex) => mappingSlot(nonce, mappingSlot(authorizer as Hex, SLOT.usedAuthorizations));
