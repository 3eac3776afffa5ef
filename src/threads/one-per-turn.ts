/**
 * Hands queued items to `deliver` one per turn of the event loop (each from its own setImmediate), instead of
 * all at once; urgent items go before the others.
 *
 * Why: Node delivers every message a worker thread has queued in one go, and each delivery runs its awaiting
 * code to its next await (for a payment: the claim, the handler, the signature, the ledger). When a worker
 * answers in a burst, say twenty settlements under load, the event loop runs all their continuations back to
 * back before it looks at a timer or a socket again: a stall of tens of milliseconds for every other request.
 * Delivered one per turn, new requests and timers are served between them; a lone answer is delivered in
 * the same turn it arrived (the check phase follows the poll phase that received it).
 */
export function onePerTurn<T>(deliver: (item: T) => void): { push(item: T, urgent?: boolean): void } {
  const urgent: T[] = [];
  const normal: T[] = [];
  let scheduled = false;
  const deliverNext = () => {
    const item = (urgent.length > 0 ? urgent.shift() : normal.shift()) as T;
    scheduled = urgent.length > 0 || normal.length > 0;
    if (scheduled) setImmediate(deliverNext);
    deliver(item);
  };
  return {
    push(item, isUrgent = false) {
      (isUrgent ? urgent : normal).push(item);
      if (!scheduled) {
        scheduled = true;
        setImmediate(deliverNext);
      }
    },
  };
}

/**
 * The continuations of every worker thread's answers, one per turn: the payment thread's first (short, and
 * every paid call, cheap or heavy, waits on them), then the searches' and the answer encoder's (the heavy
 * routes' work that follows them, analytics and large answers, can wait a turn).
 */
export const workerAnswers = onePerTurn<() => void>((continueWith) => continueWith());
