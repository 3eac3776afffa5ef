import type { AdCreative, AdPlacement } from "../../src/domain/ad-campaign.js";
import type { ResolvedAddress } from "../../src/providers/http/safe-outbound-client.js";

/** Test DNS for ad destinations: fixed answers, nothing reaches a real resolver. */
export const AD_DNS: Record<string, string[]> = {
  "ads.example.com": ["93.184.215.14"],
  "shop.example.org": ["93.184.215.15", "2606:2800:220:1::1"],
  "intranet.example.com": ["10.1.2.3"],
  "mixed.example.com": ["93.184.215.14", "192.168.0.9"],
  "hooks.example.com": ["93.184.215.14"],
};

export async function adDns(host: string): Promise<ResolvedAddress[]> {
  const answers = AD_DNS[host];
  if (answers === undefined) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
}

export function creative(placement: AdPlacement, keywords: string[], title = "Order book data for agents"): AdCreative {
  return { placement, title, url: "https://ads.example.com/landing?ref=precedent", description: "Full-depth order books, sold per call.", keywords };
}
