import { AppError, type ErrorCode, type ErrorDetail } from "./app-error.js";

/** One item of a multi-item answer: served, or failed with the error that stopped it. */
export type ItemOutcome =
  | { ticker: string; served: true }
  | { ticker: string; served: false; code: ErrorCode; error: string; retryAfterSeconds?: number };

/**
 * A multi-item answer (a screen, a scan, a ranking, a playbook's peers) with the outcome of each item.
 * Handlers return it instead of a bare body so that the one place that answers every route can apply
 * "charge only for something served": when no item was served the caller gets the error the items
 * share and nothing is settled; a partly failed answer is a 200 that lists which items failed and why.
 */
export class ItemizedAnswer<B> {
  constructor(
    readonly body: B,
    readonly items: readonly ItemOutcome[],
    /** What the items are, for the message: "tickers", "funds", "peers". */
    readonly noun: string,
  ) {}
}

/** Codes a caller can fix outrank transient trouble when failures are equally common. */
const UPSTREAM_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(["UPSTREAM_UNAVAILABLE", "UPSTREAM_SCHEMA_CHANGED"]);

const TIE_ORDER: readonly ErrorCode[] = ["UNKNOWN_TICKER", "NO_DATA", "RANGE_UNAVAILABLE", "VALIDATION_FAILED", "UPSTREAM_UNAVAILABLE"];
const MAX_DETAILS = 25;

/** The error to answer when not one item was served, or undefined when at least one was (or there were none). */
export function nothingServedError(answer: ItemizedAnswer<unknown>): AppError | undefined {
  const failed = answer.items.flatMap((item) => (item.served ? [] : [item]));
  if (failed.length === 0 || failed.length < answer.items.length) return undefined;
  const counts = new Map<ErrorCode, number>();
  for (const f of failed) counts.set(f.code, (counts.get(f.code) ?? 0) + 1);
  const rank = (code: ErrorCode) => (TIE_ORDER.includes(code) ? TIE_ORDER.indexOf(code) : TIE_ORDER.length);
  const [leadCode] = [...counts.entries()].sort((a, b) => b[1] - a[1] || rank(a[0]) - rank(b[0]))[0];
  const lead = failed.find((f) => f.code === leadCode)!;
  // Upstream trouble may quote the upstream: those items are named with their code only (the text is logged).
  const safeIssue = (f: (typeof failed)[number]) => (UPSTREAM_CODES.has(f.code) ? `${f.ticker}: ${f.code}` : `${f.ticker}: ${f.error}`);
  const details: ErrorDetail[] = failed.slice(0, MAX_DETAILS).map((f) => ({ param: answer.noun, issue: safeIssue(f) }));
  const summary =
    `None of the ${failed.length} ${answer.noun} could be served, so nothing was charged` +
    ` (${[...counts.entries()].map(([code, n]) => `${n} ${code}`).join(", ")}).`;
  const message = `${summary} First: ${lead.ticker}: ${lead.error}`;
  const retryAfterSeconds = failed.reduce<number | undefined>(
    (max, f) => (f.retryAfterSeconds === undefined ? max : Math.max(max ?? 0, f.retryAfterSeconds)),
    undefined,
  );
  return new AppError(leadCode, message, { details, retryAfterSeconds, publicHint: summary });
}

/** An item served unless it carries the error code that stopped it. */
export function itemOutcome(item: { ticker: string; code?: ErrorCode; error?: string; retryAfterSeconds?: number }): ItemOutcome {
  if (item.code === undefined) return { ticker: item.ticker, served: true };
  return { ticker: item.ticker, served: false, code: item.code, error: item.error ?? item.code, retryAfterSeconds: item.retryAfterSeconds };
}
