import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { numberParam } from "../params.js";

const params = z.object({
  address: z
    .string({ error: "is required" })
    .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address")
    .openapi({ description: "Wallet to credit with test USDC", example: "0x1111111111111111111111111111111111111111" }),
  amount: numberParam({ min: 1, max: 1000, default: 1, description: "USD of test USDC to mint (1 to 1000; default 1)" }),
});

const response = z
  .object({
    address: z.string(),
    minted_usd: z.number(),
    minted_atomic: z.string().openapi({ description: "Atomic units (6 decimals)" }),
    balance_atomic: z.string().openapi({ description: "The address's balance after minting" }),
    transaction: z.string(),
    note: z.string(),
  })
  .openapi("FaucetResult");

export const devFaucetContract: OperationContract<typeof params, typeof response> = {
  operationId: "dev_faucet",
  description:
    "Embedded mode only (FACILITATOR=embedded): mints test USDC on the in-process chain so a client can pay. This is local test money; " +
    "the route does not exist with a real facilitator.",
  params,
  response,
  example: {
    params: { address: "0x1111111111111111111111111111111111111111", amount: 1 },
    response: {
      address: "0x1111111111111111111111111111111111111111",
      minted_usd: 1,
      minted_atomic: "1000000",
      balance_atomic: "1000000",
      transaction: "0x6f1c0b7f0d6d4f5e8b3a2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f",
      note: "Test USDC on the embedded chain; worthless outside this process.",
    },
  },
  errors: [],
};
