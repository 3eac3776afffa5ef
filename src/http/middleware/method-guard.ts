import { Hono, type MiddlewareHandler } from "hono";
import { AppError } from "../../domain/app-error.js";
import type { AppEnv } from "../app-env.js";
import { errorResponse } from "../error-responses.js";

/** Headers that carry a payment (x402 and MPP): stripped so a HEAD can only ever be quoted. */
const PAYMENT_HEADERS = ["payment-signature", "x-payment", "authorization"];

/**
 * Runs before the payment gate. A method a path does not serve answers 405 with Allow and the error body
 * (never 402: there is nothing to buy). HEAD on a paid path answers exactly as an unpaid GET would (402,
 * PAYMENT-REQUIRED and WWW-Authenticate headers, no body) whatever payment it carries, so a HEAD is never
 * verified or settled; on free paths HEAD is the GET without its body. A dynamically priced path cannot be
 * quoted without its parameters, so HEAD there is a 405.
 */
export function methodGuard(deps: {
  /** Methods served on a path (from the router once every route is registered), or undefined for an unknown path. */
  methodsFor: (path: string) => ReadonlySet<string> | undefined;
  /** Every exact path the router serves. */
  knownPaths: () => Iterable<string>;
  isPaid: (path: string) => boolean;
  /** Priced from the parameters: a HEAD, which has no body to price, cannot be quoted there. */
  isDynamic: (path: string) => boolean;
  gate: MiddlewareHandler | undefined;
}): MiddlewareHandler<AppEnv> {
  const quoter = deps.gate === undefined ? undefined : unpaidQuoter(deps.gate);
  let paidByLooseForm: Map<string, string> | undefined;
  return async (c, next) => {
    const methods = deps.methodsFor(c.req.path);
    if (methods === undefined) {
      // The payment gate matches paths loosely (case, repeated or trailing slashes, escapes) while the router
      // does not: such a spelling would be quoted, verified, then answered 404. Answer the 404 at once.
      const loose = looseForm(c.req.path);
      const paidPath = (paidByLooseForm ??= paidPathsByLooseForm(deps)).get(loose);
      if (paidPath === undefined) return next();
      return errorResponse(c, new AppError("NOT_FOUND", `No route ${c.req.path}; the paid route is spelled exactly ${paidPath}`));
    }
    const method = c.req.method;
    if (method === "OPTIONS" || methods.has(method) || (method === "HEAD" && methods.has("GET"))) {
      if (method !== "HEAD" || quoter === undefined || !deps.isPaid(c.req.path)) return next();
      if (deps.isDynamic(c.req.path)) {
        const response = errorResponse(c, new AppError("METHOD_NOT_ALLOWED", `HEAD cannot be quoted on ${c.req.path}: its price depends on the parameters; send GET or POST`));
        response.headers.set("Allow", [...methods, "OPTIONS"].join(", "));
        return response;
      }
      const headers = new Headers(c.req.raw.headers);
      for (const name of PAYMENT_HEADERS) headers.delete(name);
      const quote = await quoter.fetch(new Request(c.req.url, { method: "GET", headers }));
      const answer = new Headers(quote.headers);
      answer.delete("content-length");
      return new Response(null, { status: quote.status, headers: answer });
    }
    const allow = [...new Set([...methods, ...(methods.has("GET") ? ["HEAD"] : []), "OPTIONS"])].join(", ");
    const response = errorResponse(c, new AppError("METHOD_NOT_ALLOWED", `${method} is not served on ${c.req.path}; use ${allow}`));
    response.headers.set("Allow", allow);
    return response;
  };
}

/** The gate alone, in front of a handler that is never reached for an unpaid request on a paid path. */
function unpaidQuoter(gate: MiddlewareHandler): Hono {
  const quoter = new Hono();
  quoter.use("*", gate);
  quoter.all("*", (c) => c.body(null, 405));
  return quoter;
}

/** Exact paths the app serves and their methods, read from the router (patterns with parameters are skipped). */
export function routedMethods(routes: ReadonlyArray<{ method: string; path: string }>): Map<string, Set<string>> {
  const byPath = new Map<string, Set<string>>();
  for (const { method, path } of routes) {
    if (method === "ALL" || path.includes(":") || path.includes("*")) continue;
    const methods = byPath.get(path) ?? new Set<string>();
    methods.add(method.toUpperCase());
    byPath.set(path, methods);
  }
  return byPath;
}

/** A path as a loose matcher sees it: escapes decoded, slashes collapsed, no trailing slash, lower case. */
export function looseForm(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Keep a malformed escape as it is.
  }
  return decoded.replace(/[\\/]+/g, "/").replace(/(.)\/+$/, "$1").toLowerCase();
}

function paidPathsByLooseForm(deps: { isPaid: (path: string) => boolean; knownPaths: () => Iterable<string> }): Map<string, string> {
  const byLoose = new Map<string, string>();
  for (const path of deps.knownPaths()) if (deps.isPaid(path)) byLoose.set(looseForm(path), path);
  return byLoose;
}
