import { expect } from "vitest";

/**
 * A documented example against a real answer: same structure and text; numbers equal to 1e-9 relative (a
 * kernel change or a summation order may move the last digits).
 */
export function expectSameResponse(actual: unknown, documented: unknown, where: string): void {
  if (typeof documented === "number" && typeof actual === "number") {
    expect(Math.abs(actual - documented), where).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(documented)));
  } else if (Array.isArray(documented)) {
    expect(Array.isArray(actual) && actual.length, where).toBe(documented.length);
    documented.forEach((item, i) => expectSameResponse((actual as unknown[])[i], item, `${where}[${i}]`));
  } else if (documented !== null && typeof documented === "object") {
    expect(Object.keys(actual as object).sort(), where).toEqual(Object.keys(documented).sort());
    for (const [key, value] of Object.entries(documented)) expectSameResponse((actual as Record<string, unknown>)[key], value, `${where}.${key}`);
  } else {
    expect(actual, where).toEqual(documented);
  }
}
