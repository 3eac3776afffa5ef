import { describe, expect, it } from "vitest";
import { onePerTurn } from "./one-per-turn.js";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("onePerTurn", () => {
  it("delivers queued items in order, one per turn of the event loop, and starts again after draining", async () => {
    const got: number[] = [];
    const queue = onePerTurn((item: number) => got.push(item));
    queue.push(1);
    queue.push(2);
    queue.push(3);
    expect(got).toEqual([]); // never synchronously
    await nextTurn();
    expect(got).toEqual([1]);
    await nextTurn();
    expect(got).toEqual([1, 2]);
    await nextTurn();
    expect(got).toEqual([1, 2, 3]);
    await nextTurn();
    queue.push(4);
    await nextTurn();
    expect(got).toEqual([1, 2, 3, 4]);
  });
});
