import { USDC_ADDRESS } from "../payments/usdc-on-base.js";
import { errorText } from "./error-text.js";
import { formatUsd, type SpendBudget } from "./spend-budget.js";

/** What the `precedent_wallet` tool answers. Amounts are USD strings ("0.25"), null when not known. */
export interface WalletReport {
  address: string | null;
  network: "eip155:8453";
  balance_usd: string | null;
  /** Where the balance comes from, or why it is not known. */
  balance_source: string;
  spent_usd: string;
  cap_usd: string;
  cap_left_usd: string;
  max_price_usd: string | null;
  advice: string | null;
}

const usd = (atomic: bigint) => formatUsd(atomic).slice(1);
const BALANCE_OF_SELECTOR = "0x70a08231";
const RPC_TIMEOUT_MS = 10_000;

/**
 * The paying wallet as a caller sees it: address, balance, what this process spent and how much of its cap is left.
 *
 * The balance on Base comes from `balanceOf` on USDC through the JSON-RPC endpoint (BASE_RPC_URL). Against an
 * embedded-mode service the money lives on the service's own in-process chain, which has no RPC endpoint: the
 * balance is then the last faucet receipt (at start with PRECEDENT_DEV_FUND=1, or a dev_faucet call through
 * this server) less what this process paid since, and unknown before any receipt.
 */
export class WalletStatus {
  private receiptAtomic: bigint | undefined;
  private spentAtReceipt = 0n;

  constructor(
    readonly address: `0x${string}` | undefined,
    private readonly budget: SpendBudget,
    private readonly rpcUrl: string,
    private readonly fetchFn: typeof fetch = fetch,
  ) {}

  /** A faucet answer for this wallet: its balance after minting is exact at that moment. */
  noteFaucetReceipt(address: string, balanceAtomic: string): void {
    if (this.address === undefined || address.toLowerCase() !== this.address.toLowerCase() || !/^\d+$/.test(balanceAtomic)) return;
    this.receiptAtomic = BigInt(balanceAtomic);
    this.spentAtReceipt = this.budget.spent;
  }

  async report(embedded: boolean): Promise<WalletReport> {
    const capLeft = this.budget.maxSpendAtomic - this.budget.spent;
    const base = {
      network: "eip155:8453" as const,
      spent_usd: usd(this.budget.spent),
      cap_usd: usd(this.budget.maxSpendAtomic),
      cap_left_usd: usd(capLeft > 0n ? capLeft : 0n),
      max_price_usd: this.budget.maxPriceAtomic === undefined ? null : usd(this.budget.maxPriceAtomic),
    };
    if (this.address === undefined) {
      return {
        ...base,
        address: null,
        balance_usd: null,
        balance_source: "no wallet configured",
        advice: "Free tools work now. To call paid tools set WALLET_PRIVATE_KEY=0x<64 hex digits> in this server's environment (a wallet holding USDC on Base) and restart it.",
      };
    }
    const { balance, source } = embedded ? this.embeddedBalance() : await this.chainBalance(this.address);
    return { ...base, address: this.address, balance_usd: balance === undefined ? null : usd(balance), balance_source: source, advice: adviceFor(balance, embedded, this.address) };
  }

  private embeddedBalance(): { balance: bigint | undefined; source: string } {
    if (this.receiptAtomic === undefined) {
      return { balance: undefined, source: "unknown: the embedded-mode service's chain has no RPC endpoint and this process has no faucet receipt yet" };
    }
    const paid = this.budget.spent - this.spentAtReceipt;
    const balance = this.receiptAtomic - paid;
    return { balance: balance > 0n ? balance : 0n, source: "the last dev_faucet receipt less what this process paid since (embedded test USDC)" };
  }

  private async chainBalance(address: string): Promise<{ balance: bigint | undefined; source: string }> {
    const data = `${BALANCE_OF_SELECTOR}${address.slice(2).toLowerCase().padStart(64, "0")}`;
    try {
      const response = await this.fetchFn(this.rpcUrl, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_call", params: [{ to: USDC_ADDRESS, data }, "latest"] }),
        signal: AbortSignal.timeout(RPC_TIMEOUT_MS),
      });
      const body = (await response.json()) as { result?: unknown };
      if (typeof body.result !== "string" || !/^0x[0-9a-fA-F]*$/.test(body.result)) throw new Error(`HTTP ${response.status} without a result`);
      return { balance: BigInt(body.result === "0x" ? 0 : body.result), source: `USDC balanceOf on Base via ${new URL(this.rpcUrl).host}` };
    } catch (error) {
      return { balance: undefined, source: `unknown: the Base RPC endpoint (BASE_RPC_URL) did not answer (${errorText(error)})` };
    }
  }
}

function adviceFor(balance: bigint | undefined, embedded: boolean, address: string): string | null {
  if (balance !== undefined && balance > 0n) return null;
  const fund = embedded
    ? `call dev_faucet with address ${address} (test USDC on the embedded chain), or restart this server with PRECEDENT_DEV_FUND=1`
    : `send USDC on Base (network eip155:8453) to ${address}; most calls cost $0.001 to $0.10`;
  return balance === undefined ? `If paid calls fail for lack of funds, ${fund}.` : `The wallet holds no USDC, so paid calls will fail: ${fund}.`;
}
