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

describe("onePerTurn with urgent items", () => {
  it("delivers every urgent item queued before the others, each in its own turn", async () => {
    const got: string[] = [];
    const queue = onePerTurn((item: string) => got.push(item));
    queue.push("search 1");
    queue.push("search 2");
    queue.push("payment 1", true);
    await nextTurn();
    expect(got).toEqual(["payment 1"]);
    queue.push("payment 2", true); // arrives while a search answer still waits: goes before it
    await nextTurn();
    expect(got).toEqual(["payment 1", "payment 2"]);
    await nextTurn();
    await nextTurn();
    expect(got).toEqual(["payment 1", "payment 2", "search 1", "search 2"]);
  });
});
