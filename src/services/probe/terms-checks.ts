import { validateDiscoveryExtension } from "@x402/extensions/bazaar";
import type { ProbeCheck } from "../../domain/probe-report.js";
import type { SafeResponse } from "../../providers/http/safe-outbound-client.js";
import { fail, fromProblems, isObject, pass, skip, warn } from "./check-result.js";
import { knownAsset, LEGACY_NETWORKS } from "./known-assets.js";
import type { SeenAccept, SeenTerms } from "./payment-required.js";

/** The 402 the checks below examine: the answer, its terms and the URL that was requested. */
export interface Challenge {
  response: SafeResponse;
  terms: SeenTerms;
  requestedUrl: URL;
}

const V2_FIX =
  "Answer an unpaid request with 402 and PAYMENT-REQUIRED: base64(JSON {x402Version:2, resource:{url}, accepts:[...]}) (x402 v2 HTTP transport); " +
  "@x402/hono, @x402/express and @x402/next do this.";

/** PAYMENT-REQUIRED present, base64 JSON, x402Version 2, resource.url the URL requested. A v1-only body is a warn. */
export function checkV2Header(challenge: Challenge): ProbeCheck {
  const { terms } = challenge;
  if (terms.version === "unreadable") return fail("v2-header", terms.problem, V2_FIX);
  if (terms.version === 1) return warn("v2-header", "no PAYMENT-REQUIRED header: the 402 is x402 v1 only (x402Version 1 JSON body)", V2_FIX);
  const requested = `${challenge.requestedUrl.origin}${challenge.requestedUrl.pathname}`;
  if (typeof terms.resourceUrl !== "string") return fail("v2-header", "PAYMENT-REQUIRED has no resource.url", V2_FIX);
  let stated: string;
  try {
    const url = new URL(terms.resourceUrl);
    stated = `${url.origin}${url.pathname}`;
  } catch {
    return fail("v2-header", `resource.url ${JSON.stringify(terms.resourceUrl)} is not an absolute URL`, V2_FIX);
  }
  if (stated !== requested) return fail("v2-header", `resource.url is ${stated}, but ${requested} was requested`, "Set resource.url to the public URL the client requested (check the origin the server thinks it has behind a proxy).");
  return pass("v2-header", `PAYMENT-REQUIRED decodes to x402Version 2 with resource.url ${stated}`);
}

const ACCEPTS_FIX =
  'Each accepts entry needs scheme ("exact"), network in CAIP-2 ("eip155:8453"), amount in atomic units as an integer string ' +
  '(USDC has 6 decimals: $0.01 is "10000", not "0.01"), asset and payTo addresses, and maxTimeoutSeconds > 0.';

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const ZERO_ADDRESS = /^0x0{40}$/;

/** accepts: not empty, every entry well-formed (an atomic integer amount, CAIP-2 network, addresses). */
export function checkAccepts(terms: SeenTerms): ProbeCheck {
  if (terms.version === "unreadable") return skip("accepts", "no readable payment terms (see v2-header)");
  if (!Array.isArray(terms.accepts) || terms.accepts.length === 0) return fail("accepts", "accepts is missing or empty", ACCEPTS_FIX);
  const amountField = terms.version === 1 ? "maxAmountRequired" : "amount";
  const problems = terms.entries.flatMap((entry, i) => entryProblems(entry, terms.version === 1, amountField).map((p) => `accepts[${i}].${p}`));
  if (terms.entries.length < terms.accepts.length) problems.push(`${terms.accepts.length - terms.entries.length} accepts entries are not objects`);
  return fromProblems("accepts", problems, "fail", `${terms.entries.length} accepts entries, each well-formed (${describe(terms.entries[0])})`, ACCEPTS_FIX);
}

function entryProblems(entry: SeenAccept, v1: boolean, amountField: string): string[] {
  const problems: string[] = [];
  if (typeof entry.scheme !== "string" || entry.scheme === "") problems.push("scheme is missing");
  const network = typeof entry.network === "string" ? entry.network : "";
  const networkOk = CAIP2.test(network) || (v1 && Object.hasOwn(LEGACY_NETWORKS, network));
  if (!networkOk) problems.push(`network ${JSON.stringify(entry.network)} is not CAIP-2 (e.g. "eip155:8453")`);
  if (network.startsWith("eip155:") && !/^eip155:[1-9]\d*$/.test(network)) problems.push(`network ${network} has no integer chain id`);
  if (typeof entry.amount !== "string" || !/^\d+$/.test(entry.amount)) {
    problems.push(`${amountField} ${JSON.stringify(entry.amount)} is not an atomic-unit integer string`);
  }
  const evm = network.startsWith("eip155:") || network.startsWith("base");
  const addressOk = (value: unknown) => typeof value === "string" && (evm ? EVM_ADDRESS.test(value) : SOLANA_ADDRESS.test(value) || EVM_ADDRESS.test(value));
  if (!addressOk(entry.asset)) problems.push(`asset ${JSON.stringify(entry.asset)} is not an address`);
  if (!addressOk(entry.payTo)) problems.push(`payTo ${JSON.stringify(entry.payTo)} is not an address`);
  else if (ZERO_ADDRESS.test(entry.payTo as string)) problems.push("payTo is the zero address");
  if (typeof entry.maxTimeoutSeconds !== "number" || !(entry.maxTimeoutSeconds > 0)) problems.push(`maxTimeoutSeconds ${JSON.stringify(entry.maxTimeoutSeconds)} is not > 0`);
  return problems;
}

const describe = (entry: SeenAccept | undefined) => (entry === undefined ? "" : `${String(entry.scheme)} on ${String(entry.network)}, amount ${String(entry.amount)}`);

/** The price in USD of an entry, when its asset is known and its amount atomic; undefined otherwise. */
export function entryPriceUsd(entry: SeenAccept): number | undefined {
  if (typeof entry.network !== "string" || typeof entry.asset !== "string" || typeof entry.amount !== "string" || !/^\d+$/.test(entry.amount)) return undefined;
  const asset = knownAsset(entry.network, entry.asset);
  return asset === undefined ? undefined : Number(entry.amount) / 10 ** asset.decimals;
}

const MAX_SANE_PRICE_USD = 100;

/** The asset is known for its network, extra carries its EIP-712 domain, and the price is sane. */
export function checkAsset(terms: SeenTerms): ProbeCheck {
  if (terms.version === "unreadable" || terms.entries.length === 0) return skip("asset", "no accepts entries to examine");
  const problems: string[] = [];
  const prices: string[] = [];
  terms.entries.forEach((entry, i) => {
    if (typeof entry.network !== "string" || typeof entry.asset !== "string") return;
    const asset = knownAsset(entry.network, entry.asset);
    if (asset === undefined) {
      problems.push(`accepts[${i}]: asset ${entry.asset} on ${entry.network} is not a token the probe knows (USDC), so its price cannot be read`);
      return;
    }
    const extra = isObject(entry.extra) ? entry.extra : {};
    if (asset.eip712 !== undefined && (extra.name !== asset.eip712.name || extra.version !== asset.eip712.version)) {
      problems.push(`accepts[${i}].extra is ${JSON.stringify({ name: extra.name, version: extra.version })}, the token's EIP-712 domain is ${JSON.stringify(asset.eip712)}`);
    }
    const price = entryPriceUsd(entry);
    if (price === undefined) problems.push(`accepts[${i}]: the amount is not atomic, so the price cannot be read (see accepts)`);
    else {
      prices.push(`${price} USD`);
      if (price > MAX_SANE_PRICE_USD) problems.push(`accepts[${i}] asks ${price} USD, above ${MAX_SANE_PRICE_USD} USD for one call`);
    }
  });
  return fromProblems("asset", problems, "warn", `${assetSummary(terms.entries)}, ${prices.join(", ")}, EIP-712 domain in extra`, 
    "Use the token's own address for the network, put its EIP-712 name and version in extra (USDC on Base: \"USD Coin\", \"2\"), and check the amount's decimals.");
}

const assetSummary = (entries: SeenAccept[]) => entries.map((e) => `${knownAsset(String(e.network), String(e.asset))?.symbol ?? "?"} on ${String(e.network)}`).join(", ");

const BAZAAR_FIX =
  "Declare the bazaar extension (@x402/extensions declareDiscoveryExtension): info.input {type:\"http\", method, queryParams or body}, a JSON Schema of it, " +
  "and info.output.example, so indexes can show how to call the route.";

/** extensions.bazaar: info.input (type, method), a schema that validates info, an output example. */
export function checkBazaar(terms: SeenTerms): ProbeCheck {
  if (terms.version === "unreadable") return skip("bazaar", "no readable payment terms (see v2-header)");
  if (terms.version === 1) {
    const input = terms.entries.find((e) => isObject(e.outputSchema) && e.outputSchema.input !== undefined);
    return input === undefined
      ? warn("bazaar", "v1 terms with no accepts[].outputSchema.input: indexes cannot tell how to call the route", BAZAAR_FIX)
      : pass("bazaar", "v1 terms describe their input in accepts[].outputSchema.input");
  }
  const bazaar = terms.extensions?.bazaar;
  if (!isObject(bazaar)) return warn("bazaar", "PAYMENT-REQUIRED has no extensions.bazaar", BAZAAR_FIX);
  const problems: string[] = [];
  const validation = validateDiscoveryExtension(bazaar as unknown as Parameters<typeof validateDiscoveryExtension>[0]);
  if (!validation.valid) problems.push(`extensions.bazaar does not validate against its own schema: ${(validation.errors ?? []).slice(0, 3).join("; ")}`);
  const info = isObject(bazaar.info) ? bazaar.info : {};
  const input = isObject(info.input) ? info.input : {};
  if (input.type === undefined) problems.push("info.input.type is missing");
  if (input.type === "http" && typeof input.method !== "string") problems.push("info.input.method is missing");
  const output = isObject(info.output) ? info.output : {};
  if (output.example === undefined) problems.push("info.output.example is missing");
  return fromProblems("bazaar", problems, "warn", `extensions.bazaar validates; input ${String(input.type)} ${String(input.method ?? input.tool ?? "")}, output example present`, BAZAAR_FIX);
}

/** The 402 must not be cached: its terms can change per request. */
export function checkCache(response: SafeResponse): ProbeCheck {
  const value = response.headers["cache-control"];
  if (value !== undefined && /(^|,)\s*no-store\s*(,|$)/i.test(value)) return pass("cache", `Cache-Control: ${value}`);
  return warn(
    "cache",
    value === undefined ? "the 402 has no Cache-Control header" : `the 402 has Cache-Control: ${value} (no no-store)`,
    "Send Cache-Control: no-store on every 402, as the reference server does, so no cache replays stale terms.",
  );
}

/** Heroku and nginx's default proxy buffer stop at 8 KiB per header line; Node's http clients at 16 KiB for all headers. */
export const HEADER_WARN_BYTES = 8 * 1024;
export const HEADERS_FAIL_BYTES = 16 * 1024;
const HDRSIZE_FIX =
  "Keep the 402's headers small, PAYMENT-REQUIRED under 8 KiB: shorten the bazaar output example and descriptions in the 402 (the full schema belongs in the OpenAPI document).";

/** The size of the 402's whole header block, and of PAYMENT-REQUIRED in it. */
export function checkHeaderSize(response: SafeResponse): ProbeCheck {
  const header = response.headers["payment-required"];
  const total = Object.entries(response.headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 0);
  const sizes = `${header === undefined ? "no PAYMENT-REQUIRED" : `PAYMENT-REQUIRED is ${header.length} bytes`}, all headers ${total} bytes`;
  if (total > HEADERS_FAIL_BYTES) return fail("hdrsize", `${sizes}: above 16 KiB, stock Node clients (Node's default header limit, undici fetch) cannot read this 402`, HDRSIZE_FIX);
  if (header !== undefined && header.length > HEADER_WARN_BYTES) return warn("hdrsize", `${sizes}: above 8 KiB, proxies with default buffers (nginx, Heroku) reject it`, HDRSIZE_FIX);
  return pass("hdrsize", sizes);
}
