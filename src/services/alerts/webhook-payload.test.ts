import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs, webhookSignature } from "./webhook-payload.js";

describe("webhook retry schedule and signature", () => {
  it("grows from about a minute to at most 12 hours, never below half of each step", () => {
    const steps = Array.from({ length: MAX_DELIVERY_ATTEMPTS - 1 }, (_, i) => i + 1);
    const low = steps.map((n) => retryDelayMs(n, () => 0));
    const high = steps.map((n) => retryDelayMs(n, () => 1));
    expect(low).toEqual([30_000, 180_000, 1_080_000, 6_480_000, 21_600_000]);
    expect(high).toEqual([60_000, 360_000, 2_160_000, 12_960_000, 43_200_000]);
    expect(retryDelayMs(9, () => 1)).toBe(43_200_000);
  });

  it("signs the exact body bytes with the alert's secret", () => {
    const body = '{"watch_id":"ab","observed_value":1.5}';
    expect(webhookSignature(body, "k")).toBe(`sha256=${createHmac("sha256", "k").update(Buffer.from(body)).digest("hex")}`);
    expect(webhookSignature(`${body} `, "k")).not.toBe(webhookSignature(body, "k"));
  });
});
