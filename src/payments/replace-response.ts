import type { Context } from "hono";

/**
 * Sets `response` as the answer, as made. Assigning c.res when one is already set makes Hono re-wrap the new
 * Response to merge the old one's headers into it (and a re-wrap turns its body into a stream), so the old one
 * is cleared first (payments.md P13). Build `response` before calling this when it should carry the headers set
 * so far (c.body and c.json copy them).
 */
export function replaceResponse(c: Context, response: Response): void {
  c.res = undefined;
  c.res = response;
}
