import type { Clock } from "../../domain/clock.js";

/**
 * Keeps successive requests at least `intervalMs` apart (arXiv's terms: one request every 3 seconds, one
 * connection at a time). Callers queue in arrival order; the spacing counts from each request's start, misses
 * and failures included, because the upstream counts them too.
 */
export class RequestSpacer {
  private lastStartMs = Number.NEGATIVE_INFINITY;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly intervalMs: number,
    private readonly clock: Clock,
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Runs `task` once its turn has come and the interval since the previous start has passed. */
  run<T>(task: () => Promise<T>): Promise<T> {
    const turn = this.queue.then(async () => {
      const waitMs = this.lastStartMs + this.intervalMs - this.clock.nowMs();
      if (waitMs > 0) await this.sleep(waitMs);
      this.lastStartMs = this.clock.nowMs();
    });
    const result = turn.then(task);
    // The next caller waits for this one's task to finish too: one connection at a time.
    this.queue = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
