/**
 * The SSRF-safe outbound client: the only way code may call a URL that a caller supplied (webhooks, the
 * probe, route-and-fulfil, ad creatives). agent-economy.md section 6 is the threat model.
 *
 * API
 *   const client = createSafeOutboundClient({ allowHosts?, httpsPorts?, resolve?, connectTimeoutMs?, totalTimeoutMs?,
 *                                             maxResponseBytes?, maxRedirects?, userAgent?, keepAlive? });
 *   await client.checkUrl(url)          // registration time: URL rules + DNS now; throws OutboundBlockedError
 *   const res = await client.request(url, { method?, headers?, body? })
 *     -> { url (final), status, headers (lower-case), body (Uint8Array), redirects (hops followed) }
 *   await client.close()
 * Errors: OutboundBlockedError (policy: scheme, host, address, at any hop), OutboundFailedError with
 * `kind` "timeout" | "too_large" | "too_many_redirects" | "network". A non-2xx answer is not an error.
 *
 * Guarantees
 *   - https only, ports 443/8443 (`httpsPorts`), no credentials in URLs, no local/rebinding host names (outbound-url-policy).
 *     `allowHosts` (dev/test setting, empty in production) names hosts that may use plain http and any address.
 *   - Every address is checked when the socket is opened: IP literals in the connector, names through a
 *     DNS hook that refuses the connection if ANY resolved address is not public. The address checked is
 *     the address connected to, so DNS rebinding between check and connect does not help.
 *   - Redirects are followed by hand, at most `maxRedirects` (3), each Location re-parsed and re-checked;
 *     301/302/303 turn a POST into a body-less GET, 307/308 repeat it.
 *   - Connect timeout (5 s), one total timeout for the whole exchange, redirects and body included (10 s), body
 *     cap (1 MiB) enforced while reading, header cap 16 KiB (`maxHeaderBytes`); a request may add its own `signal`. A fixed User-Agent; the caller's own headers are never forwarded; no proxy variables apply.
 *   - `resolve` is injectable so tests make a name resolve to a private address without real DNS.
 */
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import { Agent, buildConnector, request } from "undici";
import { bareHost, checkOutboundUrl, DEFAULT_HTTPS_PORTS, isPublicAddress, OutboundBlockedError, type UrlPolicy } from "./outbound-url-policy.js";

export { OutboundBlockedError } from "./outbound-url-policy.js";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type Resolve = (hostname: string) => Promise<ResolvedAddress[]>;

export interface SafeOutboundOptions {
  allowHosts?: readonly string[];
  /** Ports an https URL may name; default 443 and 8443. */
  httpsPorts?: readonly number[];
  resolve?: Resolve;
  connectTimeoutMs?: number;
  totalTimeoutMs?: number;
  maxResponseBytes?: number;
  maxRedirects?: number;
  /** Cap on the response's header block (default 16 KiB, Node's own); a larger block fails as "too_large". */
  maxHeaderBytes?: number;
  userAgent?: string;
  /** Reuse connections between requests (default true); false opens a fresh connection for every request. */
  keepAlive?: boolean;
}

export interface SafeRequestInit {
  method?: "GET" | "POST" | "HEAD" | "OPTIONS";
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** Aborts this request early (a caller's own deadline); the client's total timeout applies as well. */
  signal?: AbortSignal;
  /** Fewer redirects than the client's `maxRedirects` for this request (a caller's own request budget). */
  maxRedirects?: number;
}

export interface SafeResponse {
  url: string;
  status: number;
  headers: Record<string, string>;
  body: Uint8Array;
  redirects: string[];
}

export type OutboundFailure = "timeout" | "too_large" | "too_many_redirects" | "network";

export class OutboundFailedError extends Error {
  /** Redirect hops followed before the failure (each one a request sent). */
  redirectsFollowed = 0;
  constructor(
    readonly kind: OutboundFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "OutboundFailedError";
  }
}

export interface SafeOutboundClient {
  checkUrl(url: string): Promise<URL>;
  request(url: string, init?: SafeRequestInit): Promise<SafeResponse>;
  close(): Promise<void>;
}

const systemResolve: Resolve = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export function createSafeOutboundClient(options: SafeOutboundOptions = {}): SafeOutboundClient {
  const policy: UrlPolicy = {
    allowHosts: new Set((options.allowHosts ?? []).map((h) => h.toLowerCase())),
    httpsPorts: options.httpsPorts ?? DEFAULT_HTTPS_PORTS,
  };
  const resolve = options.resolve ?? systemResolve;
  const totalTimeoutMs = options.totalTimeoutMs ?? 10_000;
  const maxResponseBytes = options.maxResponseBytes ?? 1 << 20;
  const maxRedirects = options.maxRedirects ?? 3;
  const userAgent = options.userAgent ?? "Precedent-Outbound/1.0";

  /** Resolves a name and refuses it unless every address is public (allow-listed hosts excepted). */
  const resolveChecked = async (hostname: string): Promise<ResolvedAddress[]> => {
    const host = hostname.replace(/\.$/, "").toLowerCase();
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolve(host);
    } catch {
      throw new OutboundBlockedError(`${host} does not resolve`);
    }
    if (addresses.length === 0) throw new OutboundBlockedError(`${host} does not resolve`);
    if (policy.allowHosts.has(host)) return addresses;
    const bad = addresses.find((a) => !isPublicAddress(a.address));
    if (bad !== undefined) throw new OutboundBlockedError(`${host} resolves to ${bad.address}, which is not a public address`);
    return addresses;
  };

  const lookup = ((hostname: string, lookupOptions: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    resolveChecked(hostname).then(
      (addresses) => (lookupOptions.all === true ? callback(null, addresses) : callback(null, addresses[0].address, addresses[0].family)),
      (error: unknown) => callback(error),
    );
  }) as unknown as LookupFunction;

  const baseConnector = buildConnector({ lookup, timeout: options.connectTimeoutMs ?? 5_000 });
  const agent = new Agent({
    connect: (connectOptions, callback) => {
      // IP literals never reach the DNS hook: check them here, at connect time.
      const host = connectOptions.hostname.replace(/^\[|\]$/g, "").toLowerCase();
      if (!policy.allowHosts.has(host) && !isPublicAddress(host) && isIpLiteral(host)) {
        callback(new OutboundBlockedError(`${host} is not a public address`), null);
        return;
      }
      baseConnector(connectOptions, callback);
    },
    headersTimeout: totalTimeoutMs,
    bodyTimeout: totalTimeoutMs,
    maxResponseSize: maxResponseBytes,
    maxHeaderSize: options.maxHeaderBytes ?? 16 * 1024,
    // undici: pipelining 0 disables keep-alive.
    ...(options.keepAlive === false ? { pipelining: 0 } : {}),
  });

  const oneHop = async (url: URL, init: SafeRequestInit, signal: AbortSignal): Promise<Omit<SafeResponse, "redirects" | "url">> => {
    try {
      const response = await request(url, {
        dispatcher: agent,
        method: init.method ?? "GET",
        headers: { ...init.headers, "user-agent": userAgent },
        body: init.body,
        signal,
      });
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += (chunk as Uint8Array).byteLength;
        if (size > maxResponseBytes) {
          response.body.destroy();
          throw new OutboundFailedError("too_large", `the response body exceeds ${maxResponseBytes} bytes`);
        }
        chunks.push(chunk as Uint8Array);
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : value;
      }
      return { status: response.statusCode, headers, body: Buffer.concat(chunks) };
    } catch (error) {
      throw classify(error, signal);
    }
  };

  return {
    checkUrl: async (raw) => {
      const url = checkOutboundUrl(raw, policy);
      const host = bareHost(url);
      if (!isIpLiteral(host)) await resolveChecked(host);
      return url;
    },
    request: async (raw, init = {}) => {
      let url = checkOutboundUrl(raw, policy);
      let current = init;
      const redirects: string[] = [];
      // One deadline for the whole exchange, redirects included.
      const timeout = AbortSignal.timeout(totalTimeoutMs);
      const signal = init.signal === undefined ? timeout : AbortSignal.any([timeout, init.signal]);
      const hopLimit = Math.min(maxRedirects, init.maxRedirects ?? maxRedirects);
      try {
        for (;;) {
          const answer = await oneHop(url, current, signal);
          const location = answer.headers.location;
          if (!REDIRECT_STATUSES.has(answer.status) || location === undefined) return { ...answer, url: url.toString(), redirects };
          if (redirects.length >= hopLimit) throw new OutboundFailedError("too_many_redirects", `more than ${hopLimit} redirects`);
          url = checkOutboundUrl(new URL(location, url), policy);
          redirects.push(url.toString());
          if (answer.status !== 307 && answer.status !== 308) current = { headers: withoutBodyHeaders(current.headers), method: current.method === "HEAD" ? "HEAD" : "GET" };
        }
      } catch (error) {
        if (error instanceof OutboundFailedError || error instanceof OutboundBlockedError) error.redirectsFollowed = redirects.length;
        throw error;
      }
    },
    close: () => agent.close(),
  };
}

function isIpLiteral(host: string): boolean {
  return /^[0-9.]+$/.test(host) || host.includes(":");
}

function withoutBodyHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(Object.entries(headers ?? {}).filter(([name]) => !/^content-/i.test(name)));
}

function classify(error: unknown, signal: AbortSignal): Error {
  if (error instanceof OutboundBlockedError || error instanceof OutboundFailedError) return error;
  // undici wraps connector errors; surface a policy refusal as itself wherever it is nested.
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause instanceof Error; depth++) {
    if (cause instanceof OutboundBlockedError) return cause;
    cause = cause.cause;
  }
  const code = (error as { code?: string }).code;
  if (signal.aborted || code === "UND_ERR_CONNECT_TIMEOUT" || code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
    return new OutboundFailedError("timeout", "the request timed out", { cause: error });
  }
  if (code === "UND_ERR_HEADERS_OVERFLOW") return new OutboundFailedError("too_large", "the response headers are too large", { cause: error });
  if (code === "UND_ERR_RES_EXCEEDED_MAX_SIZE") return new OutboundFailedError("too_large", "the response body is too large", { cause: error });
  return new OutboundFailedError("network", error instanceof Error ? error.message : String(error), { cause: error });
}
