/** Time enters the system only through a Clock, so tests can freeze it. */
export interface Clock {
  nowMs(): number;
}

export const systemClock: Clock = { nowMs: () => Date.now() };
