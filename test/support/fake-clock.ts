import type { Clock } from "../../src/domain/clock.js";

/** A clock that moves only when the test says so. */
export class FakeClock implements Clock {
  constructor(private ms: number) {}

  nowMs(): number {
    return this.ms;
  }

  advance(ms: number): void {
    this.ms += ms;
  }
}
