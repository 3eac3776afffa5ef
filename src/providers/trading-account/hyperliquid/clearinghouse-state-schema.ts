import { z } from "zod";

/** Decimal strings as Hyperliquid sends them; a string that is not a finite number is drift. */
const decimal = z.string().refine((v) => v.trim() !== "" && Number.isFinite(Number(v)), "must be a decimal string").transform(Number);

/**
 * The fields of `POST /info {type:"clearinghouseState"}` we map. The 2023 recording lacks `time`,
 * `cumFunding`, `maxLeverage` and `crossMaintenanceMarginUsed` (data-sources.md), so nothing optional is required.
 */
export const ClearinghouseStateSchema = z.object({
  marginSummary: z.object({ accountValue: decimal, totalNtlPos: decimal, totalMarginUsed: decimal }),
  withdrawable: decimal.optional(),
  time: z.number().optional(),
  assetPositions: z.array(
    z.object({
      position: z.object({
        coin: z.string().min(1),
        szi: decimal,
        entryPx: decimal.nullable().optional(),
        positionValue: decimal,
        unrealizedPnl: decimal,
        returnOnEquity: decimal.optional(),
        liquidationPx: decimal.nullable(),
        marginUsed: decimal,
        leverage: z.object({ type: z.string(), value: z.number() }),
      }),
    }),
  ),
});
