import { getAddress, parseAbi, type Address, type Hex, type PublicClient } from "viem";
import { BASE_USDC_ADDRESS } from "./local-chain.js";

/** Whether an EIP-3009 authorization was used on chain, and by which transaction (reconciliation's question). */
export interface AuthorizationState {
  used: boolean;
  /** The transaction that used it, when the chain still has its log. */
  transaction?: Hex;
}

const eip3009Abi = parseAbi([
  "function authorizationState(address authorizer, bytes32 nonce) view returns (bool)",
  "event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)",
]);

/** Reads the token's `authorizationState` and, when used, finds the `AuthorizationUsed` log that used it. */
export async function readAuthorizationState(
  client: Pick<PublicClient, "readContract" | "getContractEvents">,
  payer: Address,
  nonce: Hex,
): Promise<AuthorizationState> {
  const used = await client.readContract({ address: BASE_USDC_ADDRESS, abi: eip3009Abi, functionName: "authorizationState", args: [getAddress(payer), nonce] });
  if (!used) return { used };
  const logs = await client.getContractEvents({
    address: BASE_USDC_ADDRESS,
    abi: eip3009Abi,
    eventName: "AuthorizationUsed",
    args: { authorizer: getAddress(payer), nonce },
    fromBlock: 0n,
  });
  const transaction = logs[0]?.transactionHash ?? undefined;
  return transaction === undefined ? { used } : { used, transaction };
}
