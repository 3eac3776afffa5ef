import { recoverMessageAddress } from "viem";
import type { ProbeCheck } from "../../domain/probe-report.js";
import { fail, fromProblems, isObject, pass, skip, warn } from "./check-result.js";
import type { Exchange } from "./probe-session.js";
import { ownValue } from "../../domain/own-value.js";

export type JsonDocument = { found: true; doc: Record<string, unknown> } | { found: false; check: ProbeCheck };

const WELLKNOWN_FIX =
  "Serve GET /.well-known/x402 as 200 JSON {version:1, resources:[absolute URLs of your paid routes on this origin]}; x402scan falls back to it when there is no OpenAPI document.";

/** /.well-known/x402: 200 JSON with `resources`, absolute URLs on this origin. */
export function checkWellKnown(exchange: Exchange, origin: URL): JsonDocument {
  const doc = readJson("wellknown", "GET /.well-known/x402", exchange, "warn", WELLKNOWN_FIX);
  if (!doc.found) return doc;
  const resources = doc.doc.resources;
  if (!Array.isArray(resources) || resources.length === 0) {
    return { found: false, check: warn("wellknown", "GET /.well-known/x402 has no non-empty `resources` array", WELLKNOWN_FIX) };
  }
  const offOrigin = resources.filter((r) => typeof r !== "string" || !sameOrigin(r, origin));
  if (offOrigin.length > 0) {
    return { found: false, check: warn("wellknown", `${offOrigin.length} of ${resources.length} resources are not absolute URLs on ${origin.origin}, e.g. ${JSON.stringify(offOrigin[0])}`, WELLKNOWN_FIX) };
  }
  return { found: true, doc: doc.doc };
}

export function wellKnownPassed(doc: Record<string, unknown>): ProbeCheck {
  return pass("wellknown", `GET /.well-known/x402: ${(doc.resources as unknown[]).length} resources, all on this origin`);
}

const OPENAPI_FIX =
  "Publish /openapi.json (OpenAPI 3.x with info.title, info.version and paths); give each paid operation " +
  'x-payment-info {price:{mode:"fixed",currency:"USD",amount:"0.05"}, protocols:[{x402:{}}]} and a 402 response.';

/** /openapi.json: a 3.x document whose paid operations say their price (x-payment-info) and answer 402. */
export function checkOpenApi(exchange: Exchange): { check: ProbeCheck; doc: Record<string, unknown> | undefined } {
  if (!exchange.ok && exchange.reason === "too_large") {
    return { check: skip("openapi", "GET /openapi.json is larger than the probe's 64 KB body cap; not examined"), doc: undefined };
  }
  const read = readJson("openapi", "GET /openapi.json", exchange, "warn", OPENAPI_FIX);
  if (!read.found) return { check: read.check, doc: undefined };
  const doc = read.doc;
  const problems: string[] = [];
  if (typeof doc.openapi !== "string" || !doc.openapi.startsWith("3.")) problems.push(`openapi is ${JSON.stringify(doc.openapi)}, expected 3.x`);
  const info = isObject(doc.info) ? doc.info : {};
  for (const field of ["title", "version"]) if (typeof ownValue(info, field) !== "string") problems.push(`info.${field} is missing`);
  const operations = operationsOf(doc);
  if (operations.length === 0) problems.push("paths is empty");
  const paid = operations.filter((o) => isPaidOperation(o.operation));
  if (operations.length > 0 && paid.length === 0) problems.push("no operation declares x-payment-info or a 402 response");
  const faults = paid.flatMap((o) => operationFaults(o.operation).map((fault) => `${o.method.toUpperCase()} ${o.path}: ${fault}`));
  problems.push(...faults.slice(0, 3));
  if (faults.length > 3) problems.push(`${faults.length - 3} more`);
  const evidence = `OpenAPI ${String(doc.openapi)}, ${operations.length} operations, ${paid.length} paid, each with a valid x-payment-info and a 402 response`;
  return { check: fromProblems("openapi", problems, "warn", evidence, OPENAPI_FIX), doc };
}

export interface OpenApiOperation {
  path: string;
  method: string;
  operation: Record<string, unknown>;
}

export function operationsOf(doc: Record<string, unknown>): OpenApiOperation[] {
  if (!isObject(doc.paths)) return [];
  const out: OpenApiOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!isObject(item)) continue;
    for (const method of ["get", "post", "put", "patch", "delete"]) {
      const operation = ownValue(item, method);
      if (isObject(operation)) out.push({ path, method, operation });
    }
  }
  return out;
}

/** An operation that says it is paid: it has x-payment-info or documents a 402 response. */
export function isPaidOperation(operation: Record<string, unknown>): boolean {
  return operation["x-payment-info"] !== undefined || (isObject(operation.responses) && operation.responses["402"] !== undefined);
}

function operationFaults(operation: Record<string, unknown>): string[] {
  const faults: string[] = [];
  const info = operation["x-payment-info"];
  if (!isObject(info)) faults.push("no x-payment-info");
  else {
    const price = isObject(info.price) ? info.price : undefined;
    const fixedOk = price?.mode === "fixed" && price.currency === "USD" && typeof price.amount === "string" && /^\d+(\.\d+)?$/.test(price.amount);
    const dynamicOk = price?.mode === "dynamic" && (typeof price.rule === "string" || (price.min !== undefined && price.max !== undefined));
    if (!fixedOk && !dynamicOk) faults.push(`x-payment-info.price ${JSON.stringify(info.price)} is neither {mode:"fixed",currency:"USD",amount} nor {mode:"dynamic",...}`);
    if (!Array.isArray(info.protocols) || !info.protocols.some((p) => isObject(p) && p.x402 !== undefined)) faults.push("x-payment-info.protocols names no x402 entry");
  }
  if (!isObject(operation.responses) || operation.responses["402"] === undefined) faults.push("no 402 response");
  return faults;
}

/** /llms.txt and the home page's title, og:image and icon: how agents and people learn what the origin sells. */
export function checkDocs(llms: Exchange, home: Exchange): ProbeCheck {
  const hasLlms = llms.ok && llms.response.status === 200 && llms.text.trim().length > 0;
  const html = home.ok && home.response.status === 200 ? home.text : "";
  const found = {
    "/llms.txt": hasLlms,
    "<title>": /<title>[^<]+<\/title>/i.test(html),
    "og:image": /property=["']og:image["']/i.test(html),
    favicon: /<link[^>]+rel=["'](shortcut )?icon["']/i.test(html),
  };
  const evidence = Object.entries(found).map(([name, ok]) => `${name} ${ok ? "found" : "not found"}`).join(", ");
  if (hasLlms || found["<title>"]) return pass("docs", evidence);
  return warn("docs", evidence, "Serve /llms.txt (what the origin sells, its prices and how to pay) and an HTML home page with <title>, og:image and an icon.");
}

/** ownershipProofs in /.well-known/x402: EIP-191 signatures of the origin by one of the payTo addresses. */
export async function checkOwnership(wellKnown: Record<string, unknown> | undefined, origin: URL, payTos: string[]): Promise<ProbeCheck> {
  const proofs = wellKnown?.ownershipProofs;
  if (!Array.isArray(proofs) || proofs.length === 0) return skip("ownership", "no ownershipProofs in /.well-known/x402 (optional)");
  if (payTos.length === 0) return skip("ownership", "ownershipProofs present but no payTo address to compare them with");
  const wanted = new Set(payTos.map((a) => a.toLowerCase()));
  const signers: string[] = [];
  for (const proof of proofs.slice(0, 5)) {
    if (typeof proof !== "string" || !/^0x[0-9a-fA-F]{130}$/.test(proof)) continue;
    try {
      signers.push((await recoverMessageAddress({ message: origin.origin, signature: proof as `0x${string}` })).toLowerCase());
    } catch {
      // An unrecoverable signature proves nothing; it is reported below with the others.
    }
  }
  if (signers.some((s) => wanted.has(s))) return pass("ownership", `an ownership proof of ${origin.origin} is signed by payTo ${signers.find((s) => wanted.has(s))}`);
  return warn(
    "ownership",
    `${proofs.length} ownershipProofs, none an EIP-191 signature of "${origin.origin}" by a payTo address (recovered: ${signers.join(", ") || "none"})`,
    `Sign the exact origin string "${origin.origin}" with the payTo key (personal_sign) and list the signature in ownershipProofs.`,
  );
}

function readJson(id: "wellknown" | "openapi", what: string, exchange: Exchange, status: "warn" | "fail", fix: string): JsonDocument {
  const problem = (evidence: string): JsonDocument => ({ found: false, check: status === "warn" ? warn(id, evidence, fix) : fail(id, evidence, fix) });
  if (!exchange.ok) return problem(`${what}: no answer (${exchange.reason}: ${exchange.message})`);
  if (exchange.response.status !== 200) return problem(`${what} answered ${exchange.response.status}`);
  try {
    const doc = JSON.parse(exchange.text) as unknown;
    return isObject(doc) ? { found: true, doc } : problem(`${what} is not a JSON object`);
  } catch {
    return problem(`${what} is not JSON`);
  }
}

function sameOrigin(value: string, origin: URL): boolean {
  try {
    return new URL(value).origin === origin.origin;
  } catch {
    return false;
  }
}
