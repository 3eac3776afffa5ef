import { z } from "@hono/zod-openapi";
import { enumParam } from "../params.js";

export const PERIODS = ["6mo", "1y", "2y", "3y", "5y"] as const;
export type Period = (typeof PERIODS)[number];

/** Look-back length of each period, in calendar months. */
export const PERIOD_MONTHS: Readonly<Record<Period, number>> = { "6mo": 6, "1y": 12, "2y": 24, "3y": 36, "5y": 60 };

export const periodParam = (what: string) =>
  enumParam(PERIODS, {
    default: "1y",
    description:
      `Look-back period of the ${what}, in calendar months back from the latest date every ticker shares (the period's end): ` +
      "6mo, 1y, 2y, 3y or 5y",
  });

export const MAX_HOLDINGS = 30;
const HOLDING_RE = /^([^:\s]{1,32}):([^:\s]+)$/;

export interface HoldingParam {
  ticker: string;
  weight: number;
}

function parseHoldings(text: string): { holdings: HoldingParam[]; issue?: undefined } | { issue: string } {
  const parts = text.split(",").map((s) => s.trim()).filter((s) => s.length > 0);
  if (parts.length === 0) return { issue: "must list at least one SYMBOL:weight" };
  if (parts.length > MAX_HOLDINGS) return { issue: `must list at most ${MAX_HOLDINGS} holdings` };
  const holdings: HoldingParam[] = [];
  const seen = new Set<string>();
  for (const part of parts) {
    const match = HOLDING_RE.exec(part);
    if (match === null) return { issue: `"${part}" is not SYMBOL:weight (e.g. AAPL:0.4)` };
    const weight = Number(match[2]);
    if (!Number.isFinite(weight) || weight <= 0) return { issue: `the weight of ${match[1]} must be a positive number` };
    const key = match[1].toUpperCase();
    if (seen.has(key)) return { issue: `${match[1]} is listed twice` };
    seen.add(key);
    holdings.push({ ticker: match[1], weight });
  }
  return { holdings };
}

/** `SYMBOL:weight,...`; weights are positive numbers normalised to sum to 1 (so 40,60 and 0.4,0.6 are one book). */
export const holdingsParam = () =>
  z
    .string()
    .superRefine((text, ctx) => {
      const parsed = parseHoldings(text);
      if (parsed.issue !== undefined) ctx.addIssue({ code: "custom", message: parsed.issue });
    })
    .transform((text) => {
      const { holdings } = parseHoldings(text) as { holdings: HoldingParam[] };
      const total = holdings.reduce((sum, h) => sum + h.weight, 0);
      return holdings.map((h) => ({ ticker: h.ticker, weight: h.weight / total }));
    })
    .openapi({
      description:
        `The book: comma-separated SYMBOL:weight pairs, 1 to ${MAX_HOLDINGS} holdings, each weight a positive number. Weights are ` +
        "normalised to sum to 1 (AAPL:2,MSFT:1 is two thirds AAPL); long-only; each symbol at most once",
      example: "AAPL:0.4,MSFT:0.3,NVDA:0.3",
      type: "string",
    });
