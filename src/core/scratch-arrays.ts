/**
 * Zeroed typed arrays for the short-lived per-query arrays of the search core, carved from shared slabs.
 *
 * Why: V8 gives a typed array of more than 64 bytes its own off-heap backing store, and creating one cost
 * 0.65-1.25 µs on this project's 2-vCPU box (allocation, registration with the collector, and the external
 * memory accounting that then brings collections forward), against ~0.03 µs for a view of an existing
 * buffer. A search on a short daily series made three of them per query (the z-normalised query, the
 * collector's candidate arrays, the picks' scores); as views, a 27 µs query at m = 250 took ~1 µs less, and
 * an 8-10 µs one on a 550-bar series 1.2-2.4 µs less.
 *
 * Every view covers a range no other view was given, and slab memory is never handed out twice, so a view
 * starts zeroed and is its caller's alone. A slab is freed by the collector once no view of it is left;
 * a view kept for long keeps its whole slab (SLAB_BYTES) alive, so only arrays that die with their query
 * belong here, and they must not be transferred or posted (that would copy or detach the whole slab).
 */

const SLAB_BYTES = 16 * 1024;
/** Larger arrays get their own buffer: a few such would use up a slab, and they cost little per byte. */
const LARGEST_CARVED = SLAB_BYTES / 4;

let slab = new ArrayBuffer(SLAB_BYTES);
let used = 0;

/** A fresh zeroed range of `byteLength` bytes (8-byte aligned), as [buffer, byteOffset]. */
export function carveBytes(byteLength: number): [ArrayBuffer, number] {
  if (byteLength > LARGEST_CARVED) return [new ArrayBuffer(byteLength), 0];
  const size = (byteLength + 7) & ~7;
  if (used + size > SLAB_BYTES) {
    slab = new ArrayBuffer(SLAB_BYTES);
    used = 0;
  }
  const offset = used;
  used += size;
  return [slab, offset];
}

export function scratchFloat64Array(length: number): Float64Array {
  const [buffer, offset] = carveBytes(8 * length);
  return new Float64Array(buffer, offset, length);
}

export function scratchUint8Array(length: number): Uint8Array {
  const [buffer, offset] = carveBytes(length);
  return new Uint8Array(buffer, offset, length);
}
