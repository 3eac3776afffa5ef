import { z } from "zod";

/**
 * zod schemas for the two info requests we use. Only the fields we map are declared (others are
 * stripped), decimal strings become numbers here, and fields newer than the 2023 recordings
 * (`time`, `cumFunding`, `maxLeverage`, `crossMaintenanceMarginUsed`) are optional.
 */

/** Hyperliquid sends prices and sizes as plain decimal strings ("0.001604", "-121.2", "520665683.0"). */
const Decimal = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, "expected a decimal string")
  .transform(Number);

export const CandleSnapshotSchema = z.array(
  z.object({
    t: z.number().int(),
    T: z.number().int(),
    o: Decimal,
    h: Decimal,
    l: Decimal,
    c: Decimal,
    v: Decimal,
    n: z.number().int(),
  }),
);

const MarginSummarySchema = z.object({
  accountValue: Decimal,
  totalNtlPos: Decimal,
  totalRawUsd: Decimal,
  totalMarginUsed: Decimal,
});

const PositionSchema = z.object({
  coin: z.string().min(1),
  szi: Decimal,
  entryPx: Decimal,
  positionValue: Decimal,
  unrealizedPnl: Decimal,
  returnOnEquity: Decimal,
  liquidationPx: Decimal.nullable(),
  marginUsed: Decimal,
  leverage: z.object({ type: z.enum(["cross", "isolated"]), value: z.number() }),
  maxLeverage: z.number().optional(),
  cumFunding: z.object({ allTime: Decimal }).optional(),
});

export const ClearinghouseStateSchema = z.object({
  marginSummary: MarginSummarySchema,
  crossMarginSummary: MarginSummarySchema,
  crossMaintenanceMarginUsed: Decimal.optional(),
  withdrawable: Decimal,
  assetPositions: z.array(z.object({ type: z.string(), position: PositionSchema })),
  time: z.number().int().optional(),
});
export type ClearinghouseState = z.output<typeof ClearinghouseStateSchema>;
