import ipaddr, { type IPv4, type IPv6 } from "ipaddr.js";

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
 * True only for globally routable unicast addresses. Every named range is refused: private, loopback, linkLocal
 * (169.254.169.254 metadata), carrierGradeNat (100.64/10), multicast, unspecified, broadcast, reserved,
 * uniqueLocal (fc00::/7). An IPv6 address that embeds an IPv4 address is judged by the IPv4 address it embeds
 * (see embeddedIPv4), whatever its spelling: `::7f00:1` is 127.0.0.1 and `::ffff:a9fe:a9fe` the metadata address.
 * ipaddr also parses decimal, hex and octal IPv4 spellings.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const embedded = embeddedIPv4(parsed as IPv6);
  if (embedded !== undefined) return embedded.length > 0 && embedded.every((v4) => v4.range() === "unicast");
  return parsed.range() === "unicast";
}

/**
 * The IPv4 addresses an IPv6 address carries, when it is one of the forms that reach an IPv4 host: IPv4-compatible
 * `::/96` (`::` and `::1` included), IPv4-mapped `::ffff:0:0/96`, IPv4-translated `::ffff:0:0:0/96`, NAT64
 * `64:ff9b::/96`, 6to4 `2002::/16` (bits 16-47) and Teredo `2001::/32` (its server, bits 32-63, and its client,
 * the inverted last 32 bits). The local-use NAT64 prefix `64:ff9b:1::/48` can put the IPv4 address anywhere: it
 * embeds nothing we could check, so it gets an empty list (refused). Undefined for every other address.
 */
export function embeddedIPv4(address: IPv6): IPv4[] | undefined {
  const w = address.parts;
  const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const zero = (from: number, to: number) => w.slice(from, to).every((part) => part === 0);
  if (zero(0, 6)) return [v4(w[6]!, w[7]!)];
  if (zero(0, 5) && w[5] === 0xffff) return [v4(w[6]!, w[7]!)];
  if (zero(0, 4) && w[4] === 0xffff && w[5] === 0) return [v4(w[6]!, w[7]!)];
  if (w[0] === 0x64 && w[1] === 0xff9b) return zero(2, 6) ? [v4(w[6]!, w[7]!)] : w[2] === 1 ? [] : undefined;
  if (w[0] === 0x2002) return [v4(w[1]!, w[2]!)];
  if (w[0] === 0x2001 && w[1] === 0) return [v4(w[2]!, w[3]!), v4(~w[6]! & 0xffff, ~w[7]! & 0xffff)];
  return undefined;
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
