/**
 * Lets the event loop run what is waiting (other requests' I/O, timers) before the caller continues: a
 * handler that computes in several pieces on the main thread calls it between pieces, so no single piece
 * holds the loop for long. setImmediate runs after pending I/O callbacks, unlike a resolved promise.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
