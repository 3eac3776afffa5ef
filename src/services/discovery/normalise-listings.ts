import { listingTimeIso } from "./listing-time.js";
import { listingKey, type IndexLabel, type ListingTraction, type MirroredResource } from "./mirrored-resource.js";
import { assetAddress, atomicToUsd, caip2Network, isTestnet, knownDecimals } from "./payment-networks.js";

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined => (v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Json) : undefined);
const str = (v: unknown): string | null => (typeof v === "string" && v.trim() !== "" ? v.trim() : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/** One payment option of a listing, with its network in CAIP-2 and its price in USD when we can know it. */
interface PaymentOption {
  network: string | null;
  asset: string | null;
  payTo: string | null;
  priceUsd: number | null;
}

/** What the normaliser made of a crawl: the listings, and how many raw items it could not use (and why). */
export interface NormalisedCrawl {
  resources: MirroredResource[];
  rejected: number;
  duplicates: number;
}

/**
 * CDP Bazaar items (v1 and v2, agent-economy.md §1a): amounts are atomic strings (`amount` in v2,
 * `maxAmountRequired` in v1) converted with the asset's decimals.
 */
export function normaliseCdpItems(items: readonly unknown[]): NormalisedCrawl {
  return normaliseWith("cdp", items, (item) => {
    const version = num(item.x402Version) ?? 1;
    const accepts = Array.isArray(item.accepts) ? item.accepts.map(obj).filter((a): a is Json => a !== undefined) : [];
    const options = accepts.map((a): PaymentOption => {
      const network = caip2Network(a.network);
      const asset = assetAddress(a.asset);
      const decimals = knownDecimals(network, asset);
      const amount = version >= 2 ? (a.amount ?? a.maxAmountRequired) : (a.maxAmountRequired ?? a.amount);
      return { network, asset, payTo: str(a.payTo), priceUsd: decimals === undefined ? null : atomicToUsd(amount, decimals) };
    });
    const bazaarInfo = obj(obj(obj(item.extensions)?.bazaar)?.info);
    const v1Input = accepts.map((a) => obj(obj(a.outputSchema)?.input)).find((i) => i !== undefined);
    const input = obj(bazaarInfo?.input) ?? v1Input;
    const quality = obj(item.quality);
    const traction: ListingTraction | null =
      quality === undefined
        ? null
        : { calls_30d: num(quality.l30DaysTotalCalls), unique_payers_30d: num(quality.l30DaysUniquePayers), last_called_at: listingTimeIso(quality.lastCalledAt), tool_calls: null };
    return {
      version,
      options,
      description: str(item.description) ?? accepts.map((a) => str(a.description)).find((d) => d !== null) ?? null,
      method: str(input?.method)?.toUpperCase() ?? null,
      lastUpdated: item.lastUpdated,
      traction,
      tags: [...stringList(item.tags), ...stringList([obj(item.metadata)?.category])],
      input: input ?? null,
    };
  });
}

/**
 * x402scan agent REST items (agent-economy.md §1b). Careful: their `maxAmountRequired` is already decimal
 * USD (x402scan divides by the USDC decimals before serving it), so it is not converted again. Deprecated
 * listings (`deprecatedAt` set) are left out.
 */
export function normaliseX402scanItems(items: readonly unknown[]): NormalisedCrawl {
  const live = items.filter((i) => obj(i)?.deprecatedAt === undefined || obj(i)?.deprecatedAt === null);
  const crawl = normaliseWith("x402scan", live, (item) => {
    const accepts = Array.isArray(item.accepts) ? item.accepts.map(obj).filter((a): a is Json => a !== undefined) : [];
    const options = accepts.map((a): PaymentOption => {
      const usd = typeof a.maxAmountRequired === "string" ? Number(a.maxAmountRequired) : num(a.maxAmountRequired);
      return { network: caip2Network(a.network), asset: assetAddress(a.asset), payTo: str(a.payTo), priceUsd: usd !== null && Number.isFinite(usd) && usd >= 0 ? usd : null };
    });
    const toolCalls = num(obj(item._count)?.toolCalls);
    const input = accepts.map((a) => obj(obj(a.outputSchema)?.input)).find((i) => i !== undefined);
    return {
      version: num(item.x402Version) ?? 1,
      options,
      description: accepts.map((a) => str(a.description)).find((d) => d !== null) ?? str(obj(item.origin)?.description),
      method: str(item.method)?.toUpperCase() ?? null,
      lastUpdated: item.lastUpdated,
      traction: toolCalls === null ? null : { calls_30d: null, unique_payers_30d: null, last_called_at: null, tool_calls: toolCalls },
      tags: stringList(item.tags),
      input: input ?? null,
    };
  });
  return { ...crawl, rejected: crawl.rejected + (items.length - live.length) };
}

interface ItemParts {
  version: number;
  options: PaymentOption[];
  description: string | null;
  method: string | null;
  lastUpdated: unknown;
  traction: ListingTraction | null;
  tags: string[];
  input: unknown;
}

function normaliseWith(index: IndexLabel, items: readonly unknown[], read: (item: Json) => ItemParts): NormalisedCrawl {
  const byKey = new Map<string, MirroredResource>();
  let rejected = 0;
  let duplicates = 0;
  for (const raw of items) {
    const item = obj(raw);
    const url = item === undefined ? null : parseHttpUrl(item.resource);
    if (item === undefined || url === null) {
      rejected += 1;
      continue;
    }
    const parts = read(item);
    const option = choosePaymentOption(parts.options);
    const resource: MirroredResource = {
      index,
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      resource: url.href,
      description: parts.description,
      method: parts.method,
      price_usd: option?.priceUsd ?? null,
      network: option?.network ?? null,
      testnet: isTestnet(option?.network ?? null),
      asset: option?.asset ?? null,
      pay_to: option?.payTo ?? null,
      last_updated: listingTimeIso(parts.lastUpdated),
      x402_version: parts.version,
      traction: parts.traction,
      tags: [...new Set(parts.tags)],
      input_schema: parts.input,
    };
    // The index's cache can shift an item between pages, so a crawl may hold it twice: keep the newest.
    const key = listingKey(resource);
    const seen = byKey.get(key);
    if (seen !== undefined) {
      duplicates += 1;
      if ((seen.last_updated ?? "") >= (resource.last_updated ?? "")) continue;
    }
    byKey.set(key, resource);
  }
  return { resources: [...byKey.values()], rejected, duplicates };
}

/** Prefer a priced mainnet option, then any priced one, then the first listed. */
function choosePaymentOption(options: readonly PaymentOption[]): PaymentOption | undefined {
  return (
    options.find((o) => o.priceUsd !== null && !isTestnet(o.network)) ?? options.find((o) => o.priceUsd !== null) ?? options[0]
  );
}

function parseHttpUrl(value: unknown): URL | null {
  if (typeof value !== "string") return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url : null;
  } catch {
    return null;
  }
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  // x402scan tags may come as names or as {name} / {tag: {name}} rows.
  return value
    .map((t) => str(t) ?? str(obj(t)?.name) ?? str(obj(obj(t)?.tag)?.name))
    .filter((t): t is string => t !== null)
    .map((t) => t.toLowerCase());
}
