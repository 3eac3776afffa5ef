import { queryOf } from "./query-of.js";

/** A valid router campaign of $1 (its destination resolves to a public address in the test DNS). */
export const ROUTER_CAMPAIGN = {
  placement: "router",
  title: "Tick-level crypto order books",
  url: "https://ads.example.com/order-books",
  description: "Full-depth order book snapshots for 40 venues, sold per call over x402.",
  keywords: "crypto, orderbook",
  budget_usd: 1,
};

/** The purchase path of a campaign. */
export const campaignPath = (campaign: Record<string, string | number>) => `/api/ads/campaign?${queryOf(campaign)}`;
