/** Order statistics of an already sorted sample, as the benchmark tables print them. */
export function median(sorted: number[]): number {
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export function quantile90(sorted: number[]): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.9 * sorted.length) - 1)];
}
