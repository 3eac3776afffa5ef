/**
 * A Map that holds at most `capacity` entries and, past that, drops the least recently used one (a Map
 * iterates in insertion order, so re-inserting a key makes it the most recent). `get` counts as a use;
 * `peek` does not, for caches whose entries age by when they were written (a statement prepared, a series
 * loaded) rather than by when they were read.
 */
export class BoundedLru<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value, marked most recently used. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key) as V;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** The value, its place in the order left as it is. */
  peek(key: K): V | undefined {
    return this.entries.get(key);
  }

  /** Stores the value as the most recent entry, then drops the oldest while over capacity. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }
}
