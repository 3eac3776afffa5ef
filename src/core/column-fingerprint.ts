/**
 * A 53-bit fingerprint of the first `length` values of Float64Array columns (cyrb53's mixing over their 32-bit
 * words). Two nodes that loaded one history from a shared store compare fingerprints instead of the bars
 * themselves: a shard job names each history by ticker, bar count and fingerprint, so the node taking it can
 * tell that it searches the very bars the asking node holds. Not cryptographic: it guards against a history
 * revised between two loads, not against an adversary (only our own nodes write the store).
 */
export function columnFingerprint(columns: readonly Float64Array[], length: number): string {
  let h1 = 0xdeadbeef ^ length;
  let h2 = 0x41c6ce57 ^ length;
  for (const column of columns) {
    const words = new Uint32Array(column.buffer, column.byteOffset, Math.min(length, column.length) * 2);
    for (let i = 0; i < words.length; i++) {
      h1 = Math.imul(h1 ^ words[i], 2654435761);
      h2 = Math.imul(h2 ^ words[i], 1597334677);
    }
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
