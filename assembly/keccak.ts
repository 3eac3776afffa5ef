/**
 * The Keccak-f[1600] permutation (24 rounds), on the state at offset 0 of this module's memory: 25 lanes of
 * 64 bits, lane x + 5y at byte 8(x + 5y), little-endian (the byte layout of noble's Keccak state). Scratch:
 * B (the rotated lanes) at 200, C (column parities) at 400. The payment thread runs it in place of noble's
 * pure-JavaScript permutation (src/payments/embedded/wasm-keccak.ts), which works on 32-bit halves.
 *
 * Glossary: theta, rho, pi, chi, iota are the five steps of a round (FIPS 202, §3.2).
 */
const B: usize = 200;
const C: usize = 400;

// Round constants of iota.
const RC: StaticArray<u64> = [
  0x0000000000000001, 0x0000000000008082, 0x800000000000808a, 0x8000000080008000,
  0x000000000000808b, 0x0000000080000001, 0x8000000080008081, 0x8000000000008009,
  0x000000000000008a, 0x0000000000000088, 0x0000000080008009, 0x000000008000000a,
  0x000000008000808b, 0x800000000000008b, 0x8000000000008089, 0x8000000000008003,
  0x8000000000008002, 0x8000000000000080, 0x000000000000800a, 0x800000008000000a,
  0x8000000080008081, 0x8000000000008080, 0x0000000080000001, 0x8000000080008008,
];

// rho's rotation of lane x + 5y, and where pi moves it: to lane y + 5((2x + 3y) mod 5).
const ROTATION: StaticArray<u32> = [
  0, 1, 62, 28, 27,
  36, 44, 6, 55, 20,
  3, 10, 43, 25, 39,
  41, 45, 15, 21, 8,
  18, 2, 61, 56, 14,
];
const DESTINATION: StaticArray<u32> = [
  0, 10, 20, 5, 15,
  16, 1, 11, 21, 6,
  7, 17, 2, 12, 22,
  23, 8, 18, 3, 13,
  14, 24, 9, 19, 4,
];

export function permute(): void {
  for (let round = 0; round < 24; round++) {
    // theta
    for (let x: usize = 0; x < 5; x++) {
      store<u64>(C + (x << 3), load<u64>(x << 3) ^ load<u64>((x + 5) << 3) ^ load<u64>((x + 10) << 3) ^ load<u64>((x + 15) << 3) ^ load<u64>((x + 20) << 3));
    }
    for (let x: usize = 0; x < 5; x++) {
      const d = load<u64>(C + (((x + 4) % 5) << 3)) ^ rotl<u64>(load<u64>(C + (((x + 1) % 5) << 3)), 1);
      for (let y: usize = 0; y < 25; y += 5) store<u64>((x + y) << 3, load<u64>((x + y) << 3) ^ d);
    }
    // rho and pi
    for (let i = 0; i < 25; i++) {
      store<u64>(B + (<usize>unchecked(DESTINATION[i]) << 3), rotl<u64>(load<u64>(<usize>i << 3), <u64>unchecked(ROTATION[i])));
    }
    // chi
    for (let y: usize = 0; y < 25; y += 5) {
      for (let x: usize = 0; x < 5; x++) {
        const b0 = load<u64>(B + ((y + x) << 3));
        const b1 = load<u64>(B + ((y + (x + 1) % 5) << 3));
        const b2 = load<u64>(B + ((y + (x + 2) % 5) << 3));
        store<u64>((y + x) << 3, b0 ^ (~b1 & b2));
      }
    }
    // iota
    store<u64>(0, load<u64>(0) ^ unchecked(RC[round]));
  }
}
