import { keccak256, serializeTransaction, type Hex, type SerializeTransactionFn, type TransactionSerializable } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { secp256k1 } from "../secp256k1.js";

/**
 * The facilitator account with its transaction signatures made by libsecp256k1 (../secp256k1.ts) instead of
 * viem's pure-JS curve: every settlement is one signed transaction. The steps are viem's own
 * (`accounts/utils/signTransaction`): hash the serialised unsigned transaction, sign the hash, serialise again
 * with the signature. EIP-4844 sidecars are left out of the signed payload, as viem does.
 */
export function withNativeTransactionSigning(account: PrivateKeyAccount, privateKey: Hex): PrivateKeyAccount {
  const signTransaction = async <transaction extends TransactionSerializable>(
    transaction: transaction,
    options: { serializer?: SerializeTransactionFn<transaction> } = {},
  ): Promise<Hex> => {
    const serialize = (options.serializer ?? serializeTransaction) as (tx: TransactionSerializable, signature?: { r: Hex; s: Hex; yParity: number }) => Hex | Promise<Hex>;
    const signable = transaction.type === "eip4844" ? { ...transaction, sidecars: false } : transaction;
    const signature = await secp256k1.signHash(keccak256(await serialize(signable as TransactionSerializable)), privateKey);
    return serialize(transaction, { r: signature.r, s: signature.s, yParity: signature.yParity });
  };
  return { ...account, signTransaction: signTransaction as PrivateKeyAccount["signTransaction"] };
}
