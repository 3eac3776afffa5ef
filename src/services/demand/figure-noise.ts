import { createHmac } from "node:crypto";
import { DAY_MS } from "../../domain/bar.js";
import { RETENTION_MS, type SaltSource } from "../client-keyer.js";

/**
 * Differential privacy for the demand reports' figures (docs/demand.md, "Noise and privacy budget").
 *
 * A minimum of 3 distinct clients cannot protect a caller from an attacker who manufactures the other two (a
 * fresh user-agent or wallet is free), so every published count and sum also carries calibrated noise:
 *
 * - Requests: a client's requests in one cell on one UTC day count at most `CLIP_PER_CLIENT_CELL_DAY` times, so
 *   one client moves a cell-day's count by at most that much; each cell-day's count is released once, ever, with
 *   Laplace noise of scale clip / epsilon. Every published request, quote or paid-call figure (a row, a category,
 *   a total, a day, any window, any report) is a sum of these noisy cell-days, which costs no further budget and
 *   lets no two reports be subtracted or averaged to remove the noise: a cell-day's noise never changes.
 * - Distinct clients: each row's count (sensitivity 1) gets Laplace noise of scale 1 / `EPSILON_CLIENT_COUNT`
 *   before it is bucketed, drawn once per report day, rollup and row, so asking twice returns the same bucket.
 *
 * Noise is a deterministic function of a server secret (the database's client-key salt of the period, shared by
 * every node and destroyed with the rows it covers) and what is released, so nodes agree and a repeated
 * question gets the same answer: no averaging attack.
 */

/** Most requests one client adds to one cell on one UTC day (more are not counted). */
export const CLIP_PER_CLIENT_CELL_DAY = 5;
/** Privacy budget of one cell-day's request count. */
export const EPSILON_PER_CELL_DAY = 1;
/** Laplace scale of one cell-day's count: a single client's contribution is hidden to about this many requests. */
export const CELL_DAY_NOISE_SCALE = CLIP_PER_CLIENT_CELL_DAY / EPSILON_PER_CELL_DAY;
/** Privacy budget of one row's distinct-client count, per report day and rollup (published as a bucket only). */
export const EPSILON_CLIENT_COUNT = 0.5;

/** The noise every published demand figure carries. */
export interface FigureNoise {
  /** Noise added to one cell-day's request count: the same for the same cell and day, forever. */
  cellDay(cell: string, day: number): Promise<number>;
  /** Noise added to a row's distinct-client count, the same for the same release (report day, rollup, row). */
  clientCount(release: string, reportDay: number): Promise<number>;
}

/** Laplace noise drawn from an HMAC of the period's salt and the name of what is released. */
export class SeededLaplaceNoise implements FigureNoise {
  constructor(private readonly secrets: SaltSource) {}

  async cellDay(cell: string, day: number): Promise<number> {
    return laplace(await this.uniform(`cell-day|${day}|${cell}`, day), CELL_DAY_NOISE_SCALE);
  }

  async clientCount(release: string, reportDay: number): Promise<number> {
    return laplace(await this.uniform(`clients|${reportDay}|${release}`, reportDay), 1 / EPSILON_CLIENT_COUNT);
  }

  /** A uniform draw in (0, 1) from 48 bits of HMAC-SHA256. */
  private async uniform(label: string, day: number): Promise<number> {
    const periodStartMs = Math.floor((day * DAY_MS) / RETENTION_MS) * RETENTION_MS;
    const salt = await this.secrets.saltFor(periodStartMs);
    const bits = createHmac("sha256", salt).update(`demand-noise|${label}`).digest().readUIntBE(0, 6);
    return (bits + 0.5) / 2 ** 48;
  }
}

/** No noise: for tests of the suppression arithmetic against a naive oracle only, never wired into a service. */
export const NO_NOISE: FigureNoise = { cellDay: async () => 0, clientCount: async () => 0 };

/** Inverse CDF of the Laplace distribution with mean 0 and scale `scale`, at the uniform draw `u`. */
export function laplace(u: number, scale: number): number {
  return u < 0.5 ? scale * Math.log(2 * u) : -scale * Math.log(2 * (1 - u));
}
