import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";
import { documentedExample } from "../documented-example.js";
import exampleJson from "./trading-portfolio.example.json" with { type: "json" };

const params = z.object({
  address: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address")
    .optional()
    .openapi({
      description: "Extension (the spec's call takes no parameter): any Hyperliquid account (0x + 40 hex); default: the node's TRADING_ACCOUNT",
      example: "0x5e9ee1089755c3435139848e47e6635505d5a13a",
    }),
});

export type TradingPortfolioParams = z.infer<typeof params>;

const PositionSchema = z
  .object({
    coin: z.string().openapi({ description: "Hyperliquid coin (`BTC`; `xyz:GOLD` style on the xyz DEX)" }),
    dex: z.enum(["main", "xyz"]),
    side: z.enum(["long", "short"]),
    size: z.number().openapi({ description: "Absolute size in coins" }),
    entry_price: z.number().nullable(),
    mark_price: z.number().nullable().openapi({ description: "position_value / size: the mark the clearinghouse valued the position at (null for a zero size)" }),
    position_value: z.number().openapi({ description: "USD" }),
    unrealized_pnl: z.number().openapi({ description: "USD" }),
    return_on_equity: z.number().nullable().openapi({ description: "Decimal, as Hyperliquid reports it" }),
    leverage: z.object({ type: z.string().openapi({ description: "cross or isolated" }), value: z.number() }),
    liquidation_price: z.number().nullable().openapi({ description: "null when the position cannot be liquidated at any price" }),
    margin_used: z.number().openapi({ description: "USD" }),
  })
  .openapi("TradingPortfolioPosition");

const response = z
  .object({
    address: z.string().openapi({ description: "Lower-cased" }),
    address_source: z.enum(["parameter", "TRADING_ACCOUNT"]),
    source: z.string().openapi({ description: "hyperliquid: POST https://api.hyperliquid.xyz/info {type: clearinghouseState}" }),
    fetched_at: z.string().openapi({ description: "When the clearinghouses were read (ISO 8601); the figures are live as of then" }),
    equity: z.number().openapi({ description: "Sum of the DEXes' account values (USD)" }),
    total_unrealized_pnl: z.number(),
    total_margin_used: z.number(),
    total_notional: z.number(),
    positions: z.array(PositionSchema).openapi({ description: "Main DEX first, then xyz; each in the clearinghouse's order" }),
    dexes: z.array(
      z.object({
        dex: z.enum(["main", "xyz"]),
        account_value: z.number(),
        total_margin_used: z.number(),
        total_notional: z.number(),
        withdrawable: z.number().nullable(),
        clearinghouse_time: z.string().nullable().openapi({ description: "The clearinghouse's own timestamp when it sends one" }),
        positions: z.number().int(),
      }),
    ),
  })
  .openapi("TradingPortfolio");

export const tradingPortfolioContract: OperationContract<typeof params, typeof response> = {
  operationId: "trading_portfolio",
  description:
    "Live perp positions of a Hyperliquid account: the clearinghouseState of the main DEX and of the HIP-3 xyz DEX (where xyz: perps " +
    "trade), merged. Per position: coin, DEX, side, size, entry, mark (position value / size), unrealized PnL, return on equity, " +
    "leverage, liquidation price and margin used; per DEX its account value and margin; equity (the sum of the DEXes' account " +
    "values), total unrealized PnL, margin and notional. As the spec has it the call takes no parameter: the account is the node's " +
    "TRADING_ACCOUNT setting, and a node without one answers 404 NOT_FOUND naming TRADING_ACCOUNT (not charged). Extension: address " +
    "(0x + 40 hex) names any other account. Read live on every call (nothing stored); Hyperliquid trouble (rate limit, 5xx, " +
    "timeout, an HTML page, a changed answer) is 503 with Retry-After and nothing is charged. Offline deployments answer 503.",
  params,
  response,
  example: documentedExample(response, exampleJson),
  errors: ["NOT_FOUND", "UPSTREAM_UNAVAILABLE", "UPSTREAM_SCHEMA_CHANGED"],
};
