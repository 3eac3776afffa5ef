/**
 * One token bucket per client key, in this process's memory: each client may make `perMinute` requests a
 * minute, in bursts of up to `perMinute`. Several nodes each keep their own buckets, so behind a balancer
 * a client gets up to N times the limit; that is accepted for free routes (the limit exists to stop one
 * client from monopolising a node, not to meter). The table is bounded: past `maxClients` keys, buckets
 * that have refilled completely are dropped (a full bucket is the same as no bucket), then the oldest.
 */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; updatedMs: number }>();
  private readonly refillPerMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly maxClients = 50_000,
  ) {
    this.refillPerMs = perMinute / 60_000;
  }

  /** Takes one token for `key`; when none is left, says how many whole seconds until one is. */
  take(key: string, nowMs: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const bucket = this.buckets.get(key) ?? this.admit(key, nowMs);
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (nowMs - bucket.updatedMs) * this.refillPerMs);
    bucket.updatedMs = nowMs;
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true };
    }
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / this.refillPerMs / 1000)) };
  }

  get size(): number {
    return this.buckets.size;
  }

  private admit(key: string, nowMs: number): { tokens: number; updatedMs: number } {
    if (this.buckets.size >= this.maxClients) this.evict(nowMs);
    const bucket = { tokens: this.perMinute, updatedMs: nowMs };
    this.buckets.set(key, bucket);
    return bucket;
  }

  private evict(nowMs: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (nowMs - bucket.updatedMs) * this.refillPerMs >= this.perMinute) this.buckets.delete(key);
    }
    // Still full (a flood of distinct keys): drop the least recently admitted tenth, in insertion order.
    if (this.buckets.size >= this.maxClients) {
      let toDrop = Math.ceil(this.maxClients / 10);
      for (const key of this.buckets.keys()) {
        if (toDrop-- <= 0) break;
        this.buckets.delete(key);
      }
    }
  }
}
