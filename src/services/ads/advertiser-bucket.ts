import { clientBucket, MIN_DISTINCT_CLIENTS } from "../demand/privacy.js";

/**
 * A count of advertisers under the demand reports' privacy rules (one module for both): a fixed bucket
 * (`3-9` ... `100+`), or null when fewer than 3, and the figures resting on them are withheld too.
 */
export function advertiserBucket(count: number): string | null {
  return count < MIN_DISTINCT_CLIENTS ? null : clientBucket(count);
}
