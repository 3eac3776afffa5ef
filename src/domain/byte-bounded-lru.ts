/**
 * A Map bounded by the bytes its values take (each weighed by the caller when stored) rather than by their number,
 * for caches of histories whose sizes differ by orders of magnitude. Past the bound the least recently used are
 * dropped; the entry just stored always stays, even alone over the bound, since its caller is about to use it.
 */
export class ByteBoundedLru<K, V> {
  /** Least recently used first (a Map iterates in insertion order; a use re-inserts). */
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private heldBytes = 0;

  constructor(private readonly maxBytes: number) {
    if (!(maxBytes >= 0)) throw new RangeError(`maxBytes must be a non-negative number, got ${maxBytes}`);
  }

  /** Entries held and their bytes. */
  get held(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.heldBytes };
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** The value, marked most recently used. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Stores the value as the most recent entry, then drops the oldest while over the bound. */
  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    this.entries.set(key, { value, bytes });
    this.heldBytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.heldBytes <= this.maxBytes || oldest === key) break;
      this.delete(oldest);
    }
  }

  delete(key: K): boolean {
    const old = this.entries.get(key);
    if (old === undefined) return false;
    this.entries.delete(key);
    this.heldBytes -= old.bytes;
    return true;
  }
}
