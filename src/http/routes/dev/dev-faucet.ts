import { devFaucetContract } from "../../../contracts/dev/dev-faucet.js";
import { usdToAtomic } from "../../../payments/usdc-on-base.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

export interface TestMoneyMint {
  mintUsdc(to: `0x${string}`, atomicAmount: bigint): Promise<string>;
  balanceOf(address: `0x${string}`): Promise<bigint>;
}

export function devFaucetRoute(mint: TestMoneyMint): RouteModule {
  return operationRoute(devFaucetContract, async (params: { address: `0x${string}`; amount: number }) => {
    const atomic = usdToAtomic(Math.round(params.amount * 1e6) / 1e6);
    const transaction = await mint.mintUsdc(params.address, BigInt(atomic));
    const balance = await mint.balanceOf(params.address);
    return {
      address: params.address,
      minted_usd: Number(atomic) / 1e6,
      minted_atomic: atomic,
      balance_atomic: balance.toString(),
      transaction,
      note: "Test USDC on the embedded chain; worthless outside this process.",
    };
  });
}
