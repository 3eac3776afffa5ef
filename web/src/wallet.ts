import type { ClientEvmSigner } from "@x402/evm";
import { createWalletClient, custom, type EIP1193Provider } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { base } from "viem/chains";

const TEST_KEY_ITEM = "precedent.test-wallet-key";
/** Top the test wallet up when it holds less than this (atomic USDC): a search costs at most about $0.20. */
const TOP_UP_BELOW_ATOMIC = 500_000n;
const FAUCET_USD = 1;

export interface PageWallet {
  kind: "test" | "injected";
  signer: ClientEvmSigner;
  /** What its payments are made of, as the price confirmation says it. */
  money: string;
  /** Called before each search: the test wallet tops itself up from the faucet; an injected one does nothing. */
  ensureFunds(): Promise<void>;
  /** Called after each paid call with its price, so the test wallet's balance shown stays right. */
  spent(atomic: bigint): void;
  describe(): string;
}

/**
 * Embedded mode: a key made in this browser (kept in localStorage, so a reload keeps the same wallet) and funded
 * with test USDC from the service's /dev/faucet, which exists only on the embedded chain. Worthless money.
 */
export function testWallet(): PageWallet {
  let key = localStorage.getItem(TEST_KEY_ITEM) as `0x${string}` | null;
  if (key === null) {
    key = generatePrivateKey();
    localStorage.setItem(TEST_KEY_ITEM, key);
  }
  const account = privateKeyToAccount(key);
  return { kind: "test", signer: account, ...faucetFunded(account.address, `Local test wallet ${short(account.address)}`) };
}

/** Funds and balance of a wallet paid with test money: topped up from /dev/faucet whenever it runs low. */
/**
 * The embedded chain is a local copy of Base (chain id 8453, the real USDC contract address), so a browser
 * wallet's payment signature made here is also valid against real USDC on Base until it expires: say so.
 */
function withRealBaseWarning<W extends { describe(): string }>(wallet: W): W {
  return {
    ...wallet,
    describe: () =>
      `${wallet.describe()} WARNING: this local chain mirrors Base, so each payment your wallet signs here is also a valid ` +
      "transfer of real USDC on Base for two minutes: use a wallet that holds no real USDC.",
  };
}

function faucetFunded(address: string, name: string): Pick<PageWallet, "money" | "ensureFunds" | "spent" | "describe"> {
  let balance: bigint | undefined;
  return {
    money: "test USDC (worthless)",
    async ensureFunds() {
      if (balance !== undefined && balance >= TOP_UP_BELOW_ATOMIC) return;
      const res = await fetch(`/dev/faucet?address=${address}&amount=${FAUCET_USD}`, { method: "POST" });
      const body = (await res.json()) as { balance_atomic?: string; error?: { message: string } };
      if (!res.ok || body.balance_atomic === undefined) throw new Error(`Test faucet: ${body.error?.message ?? `HTTP ${res.status}`}`);
      balance = BigInt(body.balance_atomic);
    },
    spent(atomic) {
      if (balance !== undefined) balance -= atomic;
    },
    describe: () =>
      `${name}` +
      (balance === undefined ? "" : `, ${(Number(balance) / 1e6).toFixed(4)} test USDC`) +
      ". TEST MONEY: minted by this service's embedded chain, worth nothing anywhere else.",
  };
}

declare global {
  interface Window {
    ethereum?: EIP1193Provider;
  }
}

/**
 * Otherwise: the browser's own wallet (EIP-1193), switched to Base; it signs each payment's EIP-3009
 * authorization. On an embedded-mode service it may be used too, and is then funded with test money.
 */
export async function injectedWallet(embedded: boolean): Promise<PageWallet> {
  const provider = window.ethereum;
  if (provider === undefined) throw new Error("No browser wallet found (window.ethereum). Install one that holds USDC on Base.");
  const [address] = await provider.request({ method: "eth_requestAccounts" });
  if (address === undefined) throw new Error("The wallet shared no account");
  try {
    await provider.request({ method: "wallet_switchEthereumChain", params: [{ chainId: `0x${base.id.toString(16)}` }] });
  } catch (error) {
    throw new Error(`Switch your wallet to Base (chain ${base.id}) to pay: ${(error as Error).message}`);
  }
  const client = createWalletClient({ account: address, chain: base, transport: custom(provider) });
  return {
    kind: "injected",
    signer: {
      address,
      signTypedData: (message) => client.signTypedData({ account: address, ...message } as Parameters<typeof client.signTypedData>[0]),
    },
    ...(embedded
      ? withRealBaseWarning(faucetFunded(address, `Browser wallet ${short(address)}`))
      : {
          money: "USDC on Base",
          ensureFunds: async () => undefined,
          spent: () => undefined,
          describe: () => `Browser wallet ${short(address)} on Base: payments are real USDC.`,
        }),
  };
}

function short(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
