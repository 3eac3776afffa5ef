/**
 * Hands queued items to `deliver` one per turn of the event loop (each from its own setImmediate), instead of
 * all at once.
 *
 * Why: Node delivers every message a worker thread has queued in one go, and each delivery runs its awaiting
 * code to its next await (for a payment: the claim, the handler, the signature, the ledger). When a worker
 * answers in a burst, say twenty settlements under load, the event loop runs all their continuations back to
 * back before it looks at a timer or a socket again: a stall of tens of milliseconds for every other request.
 * Delivered one per turn, new requests and timers are served between them; a lone answer is delivered in
 * the same turn it arrived (the check phase follows the poll phase that received it).
 */
export function onePerTurn<T>(deliver: (item: T) => void): { push(item: T): void } {
  const queue: T[] = [];
  let head = 0;
  let scheduled = false;
  const deliverNext = () => {
    const item = queue[head++] as T;
    if (head === queue.length) {
      queue.length = 0;
      head = 0;
      scheduled = false;
    } else {
      setImmediate(deliverNext);
    }
    deliver(item);
  };
  return {
    push(item) {
      queue.push(item);
      if (!scheduled) {
        scheduled = true;
        setImmediate(deliverNext);
      }
    },
  };
}
