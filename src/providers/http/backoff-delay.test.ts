import { describe, expect, it } from "vitest";
import { backoffDelayMs } from "./backoff-delay.js";

describe("backoffDelayMs", () => {
  it("doubles the cap per attempt and draws uniformly below it", () => {
    expect(backoffDelayMs(0, 200, 5_000, () => 0.999)).toBe(199);
    expect(backoffDelayMs(3, 200, 5_000, () => 0.5)).toBe(800);
    expect(backoffDelayMs(2, 200, 5_000, () => 0)).toBe(0);
  });

  it("never exceeds maxDelayMs", () => {
    expect(backoffDelayMs(20, 200, 5_000, () => 0.999)).toBeLessThan(5_000);
  });
});
