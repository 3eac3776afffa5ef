import ipaddr from "ipaddr.js";

/**
 * The rules of the SSRF-safe client (agent-economy.md section 6) that need no network: which addresses
 * may be connected to, and which URLs may be requested at all. `safe-outbound-client.ts` applies them at
 * connect time; registration code applies them early to answer a caller with a 422.
 */

/** Why a URL or an address was refused; `reason` is safe to show to the caller. */
export class OutboundBlockedError extends Error {
  readonly code = "ESSRF";
  /** Redirect hops followed before the refusal, when it came from a request. */
  redirectsFollowed = 0;
  constructor(readonly reason: string) {
    super(`outbound request refused: ${reason}`);
    this.name = "OutboundBlockedError";
  }
}

/**
 * True only for globally routable unicast addresses. `ipaddr.process` unwraps IPv4-mapped IPv6
 * (::ffff:127.0.0.1 is loopback); every other named range is refused: private, loopback, linkLocal
 * (169.254.169.254 metadata), carrierGradeNat (100.64/10), multicast, unspecified, broadcast, reserved,
 * uniqueLocal (fc00::/7), and the translation ranges (rfc6052, 6to4, teredo, rfc6145) that can embed a
 * private IPv4 address. ipaddr also parses decimal, hex and octal IPv4 spellings.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

const BLOCKED_SUFFIXES = [".localhost", ".local", ".internal", ".home.arpa", ".nip.io", ".sslip.io", ".localtest.me", ".lvh.me"];
export const DEFAULT_HTTPS_PORTS: readonly number[] = [443, 8443];

export interface UrlPolicy {
  /** Lower-case host names (as URL parsing spells them) reachable over plain http at any address: dev and tests only. */
  allowHosts: ReadonlySet<string>;
  /** Ports an https URL may name (the default port is always allowed). */
  httpsPorts: readonly number[];
}

/** The bare host of a parsed URL: brackets stripped from IPv6 literals, one trailing dot dropped. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
}

/**
 * Checks a URL before any DNS: scheme, credentials, port and host name. IP literals are checked here too
 * (a connector's DNS hook never sees them). Returns the parsed URL; throws OutboundBlockedError.
 */
export function checkOutboundUrl(raw: string | URL, policy: UrlPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundBlockedError("not an absolute URL");
  }
  const host = bareHost(url);
  if (url.username !== "" || url.password !== "") throw new OutboundBlockedError("credentials in the URL are not allowed");
  if (policy.allowHosts.has(host)) {
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new OutboundBlockedError("only https URLs are allowed");
    return url;
  }
  if (url.protocol !== "https:") throw new OutboundBlockedError("only https URLs are allowed");
  if (url.port !== "" && !policy.httpsPorts.includes(Number(url.port))) {
    throw new OutboundBlockedError(`only ports ${policy.httpsPorts.join(", ")} are allowed`);
  }
  if (ipaddr.isValid(host)) {
    if (!isPublicAddress(host)) throw new OutboundBlockedError(`${host} is not a public address`);
    return url;
  }
  if (host === "localhost" || BLOCKED_SUFFIXES.some((suffix) => host.endsWith(suffix))) {
    throw new OutboundBlockedError(`${host} names a local or rebinding host`);
  }
  if (!host.includes(".")) throw new OutboundBlockedError(`${host} is a single-label host name`);
  return url;
}
