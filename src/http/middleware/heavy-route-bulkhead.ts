import type { MiddlewareHandler } from "hono";
import { AppError } from "../../domain/app-error.js";
import { carriesPayment } from "../../payments/payment-headers.js";
import type { AppEnv } from "../app-env.js";

/** Longest a paid call waits for a slot before it is turned away (503 BUSY, nothing charged). */
export const BULKHEAD_MAX_WAIT_MS = 15_000;
/** Calls waiting at once; one more is turned away at once. */
export const BULKHEAD_MAX_QUEUE = 256;
const RETRY_AFTER_SECONDS = 2;

export interface BulkheadOptions {
  /** True for the search-based routes the bulkhead holds back (isHeavyRoute of the catalog). */
  isHeavy: (path: string) => boolean;
  /** Paid calls of those routes running at once; 0 turns the bulkhead off. */
  limit: number;
  maxWaitMs?: number;
  maxQueue?: number;
}

/**
 * A bulkhead for the search-based routes: at most `limit` paid calls of them run at once on this node, the
 * others wait in arrival order. Each of them spends milliseconds of main-thread work around its search
 * (payment, analytics, a large JSON answer), and two search threads cannot go faster however many are
 * admitted: with 28 admitted at once (measured, 2 cores) their main-thread work bunched up and a cheap call
 * waited 4x its idle time behind it; with 2 admitted, the heavy routes answered as many calls per second
 * and the cheap call about 2x.
 *
 * It stands before the payment gate and holds only calls that carry a payment (a 402 quote is never
 * delayed), so a call that waits too long, or finds the queue full, is answered 503 BUSY with Retry-After
 * before its payment is verified: nothing is charged.
 */
export function heavyRouteBulkhead(options: BulkheadOptions): MiddlewareHandler<AppEnv> {
  const { isHeavy, limit } = options;
  const maxWaitMs = options.maxWaitMs ?? BULKHEAD_MAX_WAIT_MS;
  const maxQueue = options.maxQueue ?? BULKHEAD_MAX_QUEUE;
  let running = 0;
  const waiting: { admit: () => void }[] = [];

  const busy = (why: string) =>
    new AppError("BUSY", `search-based routes are at capacity on this node (${why})`, { retryAfterSeconds: RETRY_AFTER_SECONDS });

  /** Resolves when the call may run (its slot is then counted in `running`); rejects with BUSY. */
  const admission = (): Promise<void> => {
    if (running < limit) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.length >= maxQueue) return Promise.reject(busy(`${maxQueue} calls already waiting`));
    return new Promise((resolve, reject) => {
      const entry = {
        // A finishing call hands its slot straight to the next in line, so `running` does not change.
        admit: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        waiting.splice(waiting.indexOf(entry), 1);
        reject(busy(`no slot within ${maxWaitMs / 1000} s`));
      }, maxWaitMs);
      waiting.push(entry);
    });
  };

  const release = () => {
    const next = waiting.shift();
    if (next !== undefined) next.admit();
    else running -= 1;
  };

  return async (c, next) => {
    if (limit <= 0 || !isHeavy(c.req.path) || !carriesPayment((name) => c.req.header(name))) return next();
    await admission();
    try {
      await next();
    } finally {
      release();
    }
  };
}
