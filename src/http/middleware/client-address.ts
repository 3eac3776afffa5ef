import type { Context } from "hono";

/**
 * The address a request came from: the one rule for per-client limits and the demand log's client keys. Behind
 * a proxy that appends X-Forwarded-For (`trustProxy`), the last hop is the one that proxy saw; earlier hops are
 * whatever the client wrote and are ignored. Without a trusted proxy the header is ignored altogether, so it
 * can neither dodge a limit nor pass one caller off as several distinct clients in the demand reports.
 */
export function clientAddress(c: Context, trustProxy: boolean): string | undefined {
  if (trustProxy) {
    const hops = c.req.header("x-forwarded-for")?.split(",").map((hop) => hop.trim()).filter((hop) => hop !== "");
    const last = hops?.at(-1);
    if (last !== undefined) return last;
  }
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress;
}

/**
 * The unit a per-client limit counts: an IPv4 address, or the /64 of an IPv6 one (one subscriber usually holds
 * a whole /64, so counting single addresses would let it rotate past any limit). IPv4-mapped IPv6 counts as IPv4.
 */
export function rateLimitKey(address: string | undefined): string {
  if (address === undefined) return "unknown";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped !== null) return mapped[1] as string;
  if (!address.includes(":")) return address;
  const [head = "", tail = ""] = address.split("%")[0]!.split("::");
  const left = head === "" ? [] : head.split(":");
  const right = address.includes("::") ? (tail === "" ? [] : tail.split(":")) : [];
  const groups = address.includes("::") ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => Number.parseInt(g || "0", 16).toString(16)).join(":")}::/64`;
}
