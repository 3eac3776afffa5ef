import { z } from "@hono/zod-openapi";
import type { OperationContract } from "../operation-contract.js";

const params = z.object({});

const CatalogEntrySchema = z.object({
  operation_id: z.string().openapi({ description: "snake_case name; also the MCP tool name" }),
  path: z.string(),
  methods: z.array(z.enum(["GET", "POST"])),
  price_usd: z.number().nullable().openapi({ description: "Fixed price per call in USD; null for free and dynamic routes" }),
  pricing: z.enum(["fixed", "free", "dynamic"]),
  price_rule: z.string().optional().openapi({ description: "How a dynamic price is computed" }),
  family: z.string(),
  summary: z.string(),
});

const response = z
  .object({
    service: z.string(),
    network: z.string().openapi({ description: "CAIP-2 network payments settle on" }),
    asset: z.string().openapi({ description: "USDC contract address" }),
    pay_to: z.string(),
    count: z.number().int(),
    routes: z.array(CatalogEntrySchema),
  })
  .openapi("ApiCatalog");

export const apiCatalogContract: OperationContract<typeof params, typeof response> = {
  operationId: "api",
  description: "The catalog of every route this deployment serves, with its price per call. Paid (an unpaid call answers 402).",
  params,
  response,
  example: {
    params: {},
    response: {
      service: "Precedent",
      network: "eip155:8453",
      asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
      pay_to: "0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf",
      count: 1,
      routes: [
        {
          operation_id: "get_latest_price",
          path: "/get_latest_price",
          methods: ["GET", "POST"],
          price_usd: 0.001,
          pricing: "fixed",
          family: "market-data",
          summary: "Latest close and 1-day change",
        },
      ],
    },
  },
  errors: [],
};
