/**
 * A Map bounded by the bytes its values take (each weighed by the caller when stored) rather than by their number,
 * for caches of histories whose sizes differ by orders of magnitude. Past the bound the least recently used are
 * dropped; the entry just stored always stays, even alone over the bound, since its caller is about to use it.
 *
 * admit() is the scan-resistant way in, for a pass over more entries than the bound holds (a universe search
 * over thousands of histories, repeated call after call): plain LRU would evict, within the pass, the very
 * entries the next pass needs first, so every pass would miss on every entry. admit() never evicts what the
 * current pass has used (the caller's `pinned` set), and when nothing else can go the value is not stored: the
 * caller uses it once and lets it go. A repeated pass then finds the same entries held every time.
 */
export class ByteBoundedLru<K, V> {
  /** Least recently used first (a Map iterates in insertion order; a use re-inserts). */
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private heldBytes = 0;

  /** `onEvict`: told of each entry dropped to make room (not of delete() calls). */
  constructor(
    private readonly maxBytes: number,
    private readonly onEvict?: (key: K) => void,
  ) {
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
      this.evict(oldest);
    }
  }

  /**
   * Stores the value unless that would mean evicting a pinned entry: the least recently used unpinned entries are
   * dropped until it fits. Returns false (nothing stored, nothing dropped) when it cannot fit; a value larger
   * than the whole bound is never stored this way.
   *
   * The pinned entries are the pass's, which it has used (get or admit) since it began, so they sit at the recent
   * end: the look for room stops at the first pinned entry, and a pass over thousands of entries costs no more
   * than one look per entry. (An entry another pass used meanwhile may sit among them and is then not counted:
   * the value is not stored, which is the safe side.)
   */
  admit(key: K, value: V, bytes: number, pinned: ReadonlySet<K>): boolean {
    const old = this.entries.get(key);
    let room = this.maxBytes - this.heldBytes + (old?.bytes ?? 0);
    const evictable: K[] = [];
    for (const [held, entry] of this.entries) {
      if (room >= bytes || pinned.has(held)) break;
      if (held === key) continue;
      room += entry.bytes;
      evictable.push(held);
    }
    if (room < bytes) return false;
    this.delete(key);
    for (const held of evictable) this.evict(held);
    this.entries.set(key, { value, bytes });
    this.heldBytes += bytes;
    return true;
  }

  private evict(key: K): void {
    this.delete(key);
    this.onEvict?.(key);
  }

  delete(key: K): boolean {
    const old = this.entries.get(key);
    if (old === undefined) return false;
    this.entries.delete(key);
    this.heldBytes -= old.bytes;
    return true;
  }
}
