import { describe, expect, it } from "vitest";
import { createHostLimiter } from "./host-limiter.js";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("createHostLimiter", () => {
  it("runs waiting tasks in FIFO order and frees the slot when a task throws", async () => {
    const limiter = createHostLimiter(1);
    const order: string[] = [];
    let release: () => void = () => {};
    const first = limiter.run("h", () => new Promise<void>((resolve) => (release = resolve)).then(() => order.push("a")));
    const second = limiter.run("h", async () => {
      order.push("b");
      throw new Error("b failed");
    });
    const third = limiter.run("h", async () => order.push("c"));
    await tick();
    expect(limiter.active("h")).toBe(1);
    expect(order).toEqual([]);
    release();
    await first;
    await expect(second).rejects.toThrow("b failed");
    await third;
    expect(order).toEqual(["a", "b", "c"]);
    expect(limiter.active("h")).toBe(0);
  });

  it("rejects a nonsensical limit", () => {
    expect(() => createHostLimiter(0)).toThrow(RangeError);
  });
});
