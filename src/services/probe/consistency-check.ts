import type { IndexListings, ProbeCheck } from "../../domain/probe-report.js";
import { fromProblems, isObject, skip } from "./check-result.js";
import type { OpenApiOperation } from "./document-checks.js";
import type { SeenAccept } from "./payment-required.js";
import { entryPriceUsd } from "./terms-checks.js";

const CONSISTENCY_FIX =
  "Make the OpenAPI x-payment-info and your index listings say what the 402 says (price, network, asset, payTo); re-register with the indexes after a price change.";

const same = (a: unknown, b: unknown) => typeof a === "string" && typeof b === "string" && a.toLowerCase() === b.toLowerCase();
const priceDiffers = (a: number, b: number) => Math.abs(a - b) > 1e-9;

/**
 * The 402's first entry against the operation's x-payment-info and against every mirrored index listing of
 * the same resource. Indexes we do not mirror are named in the evidence, not compared.
 */
export function checkConsistency(entry: SeenAccept | undefined, resourceUrl: string, operation: OpenApiOperation | undefined, listings: IndexListings[]): ProbeCheck {
  if (entry === undefined) return skip("consistency", "no accepts entry to compare");
  const problems: string[] = [];
  const compared: string[] = [];
  const priceUsd = entryPriceUsd(entry);
  const info = operation?.operation["x-payment-info"];
  if (isObject(info)) {
    compared.push("x-payment-info");
    const price = isObject(info.price) ? info.price : {};
    if (price.mode === "fixed" && priceUsd !== undefined && priceDiffers(Number(price.amount), priceUsd)) {
      problems.push(`x-payment-info says ${String(price.amount)} USD, the 402 asks ${priceUsd} USD`);
    }
    const x402 = Array.isArray(info.protocols) ? info.protocols.map((p) => (isObject(p) && isObject(p.x402) ? p.x402 : undefined)).find((p) => p !== undefined) : undefined;
    for (const field of ["network", "asset", "payTo", "amount"] as const) {
      if (x402?.[field] !== undefined && !same(x402[field], entry[field])) problems.push(`x-payment-info x402.${field} is ${String(x402[field])}, the 402 says ${String(entry[field])}`);
    }
  }
  const notMirrored = listings.filter((l) => !l.mirrored).map((l) => l.index);
  for (const index of listings.filter((l) => l.mirrored)) {
    for (const listed of index.resources.filter((r) => r.resource === resourceUrl)) {
      compared.push(`${index.index} listing`);
      if (listed.priceUsd !== null && priceUsd !== undefined && priceDiffers(listed.priceUsd, priceUsd)) problems.push(`${index.index} lists ${listed.priceUsd} USD, the 402 asks ${priceUsd} USD`);
      if (listed.network !== null && !same(listed.network, entry.network)) problems.push(`${index.index} lists network ${listed.network}, the 402 says ${String(entry.network)}`);
      if (listed.payTo !== null && !same(listed.payTo, entry.payTo)) problems.push(`${index.index} lists payTo ${listed.payTo}, the 402 says ${String(entry.payTo)}`);
      if (listed.asset !== null && !same(listed.asset, entry.asset)) problems.push(`${index.index} lists asset ${listed.asset}, the 402 says ${String(entry.asset)}`);
    }
  }
  const unmirrored = notMirrored.length > 0 ? `; not compared: ${notMirrored.join(", ")} (index not mirrored)` : "";
  if (compared.length === 0) return skip("consistency", `no x-payment-info for this operation and no mirrored listing of ${resourceUrl}${unmirrored}`);
  if (problems.length > 0 && unmirrored !== "") problems.push(unmirrored.slice(2));
  return fromProblems("consistency", problems, "warn", `the 402 agrees with ${compared.join(", ")}${unmirrored}`, CONSISTENCY_FIX);
}
