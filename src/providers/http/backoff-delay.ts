/**
 * Exponential backoff with "full jitter" (delay drawn uniformly from [0, cap]); spreading retries out
 * keeps several nodes that failed together from hammering the upstream in lockstep.
 * `attempt` is 0 for the first retry. `random` is injected so tests are deterministic.
 */
export function backoffDelayMs(attempt: number, baseDelayMs: number, maxDelayMs: number, random: () => number): number {
  const capMs = Math.min(maxDelayMs, baseDelayMs * 2 ** attempt);
  return Math.floor(random() * capMs);
}
