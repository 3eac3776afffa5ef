/**
 * At most `concurrencyPerHost` tasks in flight per host; the rest wait in FIFO order. One limiter per
 * HTTP client instance (never module-level), so each provider owns its own budget.
 */
export interface HostLimiter {
  run<T>(host: string, task: () => Promise<T>): Promise<T>;
  /** Tasks currently running for `host` (for tests and diagnostics). */
  active(host: string): number;
}

interface HostSlots {
  active: number;
  waiting: Array<() => void>;
}

export function createHostLimiter(concurrencyPerHost: number): HostLimiter {
  if (!Number.isInteger(concurrencyPerHost) || concurrencyPerHost < 1) {
    throw new RangeError(`concurrencyPerHost must be a positive integer, got ${concurrencyPerHost}`);
  }
  const hosts = new Map<string, HostSlots>();

  function slotsFor(host: string): HostSlots {
    let slots = hosts.get(host);
    if (!slots) {
      slots = { active: 0, waiting: [] };
      hosts.set(host, slots);
    }
    return slots;
  }

  async function acquire(slots: HostSlots): Promise<void> {
    if (slots.active < concurrencyPerHost) {
      slots.active += 1;
      return;
    }
    // The releasing task hands its slot over directly, so `active` never dips and nobody jumps the queue.
    await new Promise<void>((resolve) => slots.waiting.push(resolve));
  }

  function release(host: string, slots: HostSlots): void {
    const next = slots.waiting.shift();
    if (next) {
      next();
      return;
    }
    slots.active -= 1;
    if (slots.active === 0) hosts.delete(host);
  }

  return {
    async run<T>(host: string, task: () => Promise<T>): Promise<T> {
      const slots = slotsFor(host);
      await acquire(slots);
      try {
        return await task();
      } finally {
        release(host, slots);
      }
    },
    active(host: string): number {
      return hosts.get(host)?.active ?? 0;
    },
  };
}
