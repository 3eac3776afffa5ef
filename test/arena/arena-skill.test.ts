import { afterEach, describe, expect, it } from "vitest";
import { FakeClock } from "../support/fake-clock.js";
import { mulberry32 } from "../support/seeded-rng.js";
import { testDatabaseKinds } from "../support/test-databases.js";
import { naiveClimatology, naiveSkill, type NaiveRound } from "../reference/naive-arena-skill.js";
import { ArenaScoresService } from "../../src/services/arena/arena-scores-service.js";
import { ArenaService } from "../../src/services/arena/arena-service.js";
import type { Database } from "../../src/storage/create-database.js";
import { ArenaEntries } from "../../src/storage/repos/arena-entries.js";
import { ArenaRounds } from "../../src/storage/repos/arena-rounds.js";
import { ArenaSponsorships } from "../../src/storage/repos/arena-sponsorships.js";

const H = 3_600_000;
const DAY = 24 * H;
const D0 = Date.parse("2026-03-02T00:00:00Z");
const WALLET_A = "0xaaaa000000000000000000000000000000000001";
const WALLET_B = "0xbbbb000000000000000000000000000000000002";
const WALLET_C = "0xcccc000000000000000000000000000000000003";

/**
 * A small known arena, written through the repositories, scored by the service and recomputed by the oracle in
 * test/reference/naive-arena-skill.ts from the definitions:
 * - BTC and ETH Hyperliquid rounds at 14 hourly deadlines, each opened 70 minutes before its deadline (so the round
 *   of the previous hour, whose deadline comes 10 minutes after this one opens, is not in its climatology);
 *   outcomes drawn once from a seeded generator; BTC's round at deadline 5 void, ETH's last round still pending.
 * - Three offline BTC rounds (stored days before), all YES: another source, so never in a Hyperliquid round's base
 *   rate (three YES would move it).
 * - alpha enters all 28 Hyperliquid rounds (26 settle); beta the BTC rounds, ETH at even deadlines and two offline
 *   rounds; gamma the 6 rounds of the first 3 deadlines (below the leaderboard's 20).
 */
function knownArena() {
  const u = mulberry32(31);
  const rounds: (NaiveRound & { strike: number })[] = [];
  for (let k = 0; k < 14; k++) {
    for (const coin of ["BTC", "ETH"]) {
      const deadlineMs = D0 + k * H;
      const voided = coin === "BTC" && k === 5;
      const pending = coin === "ETH" && k === 13;
      const outcome = u() < 0.55 ? 1 : 0;
      rounds.push({ roundId: `rnd_${coin === "BTC" ? "b" : "e"}${String(k).padStart(9, "0")}`, coin, source: "hyperliquid", openedAtMs: deadlineMs - 70 * 60_000, deadlineMs, outcome: voided || pending ? null : outcome, strike: 100 });
    }
  }
  for (let d = 3; d >= 1; d--) {
    rounds.push({ roundId: `rnd_f${String(d).padStart(9, "0")}`, coin: "BTC", source: "offline", openedAtMs: D0 - d * DAY, deadlineMs: D0 - (d - 1) * DAY - H / 2, outcome: 1, strike: 100 });
  }
  const entries: { agent: string; wallet: string; roundId: string; p: number }[] = [];
  for (const r of rounds) {
    const k = (r.deadlineMs - D0) / H;
    if (r.source === "hyperliquid") entries.push({ agent: "alpha", wallet: WALLET_A, roundId: r.roundId, p: Math.round(100 * (0.2 + 0.6 * u())) / 100 });
    if (r.source === "offline" ? r.roundId !== "rnd_f000000003" : r.coin === "BTC" || k % 2 === 0) {
      entries.push({ agent: "beta", wallet: WALLET_B, roundId: r.roundId, p: Math.round(100 * (0.3 + 0.4 * u())) / 100 });
    }
    if (r.source === "hyperliquid" && k < 3) entries.push({ agent: "gamma", wallet: WALLET_C, roundId: r.roundId, p: 0.5 });
  }
  return { rounds, entries };
}

async function write(database: Database, arena: ReturnType<typeof knownArena>): Promise<void> {
  const rounds = new ArenaRounds(database.db);
  const entries = new ArenaEntries(database.db);
  for (const r of arena.rounds) {
    const settlement = (outcome: 0 | 1) => ({ outcome, close: "1", requestUrl: "u", requestBody: "b", candleJson: "{}", responseBody: "[]", settledAtMs: r.deadlineMs + 70_000 });
    if (r.source === "offline") {
      const storedBar = { store: "offline", symbol: "BTC-USD", file: "BTC-USD.csv", timeframe: "1d" as const, date: "2026-02-27", open: 100, high: 101, low: 99, close: 101, volume: null };
      await rounds.openSettled(
        { roundId: r.roundId, coin: r.coin, strike: r.strike, openedAtMs: r.openedAtMs, lockAtMs: r.openedAtMs, deadlineMs: r.deadlineMs, storedBar },
        { ...settlement(r.outcome!), requestUrl: "offline:BTC-USD.csv" },
      );
      continue;
    }
    await rounds.open({
      roundId: r.roundId,
      coin: r.coin,
      strike: r.strike,
      strikeSource: { request: '{"type":"allMids"}', mid: "100", fetchedAtMs: r.openedAtMs },
      openedAtMs: r.openedAtMs,
      lockAtMs: r.deadlineMs - 15 * 60_000,
      deadlineMs: r.deadlineMs,
    });
  }
  for (const e of arena.entries) await entries.enter({ roundId: e.roundId, agent: e.agent, p: e.p, payer: e.wallet, enteredAtMs: D0 - DAY, requestId: `req_${e.agent}_${e.roundId}` });
  for (const r of arena.rounds) {
    if (r.source === "offline") continue;
    if (r.outcome !== null) await rounds.settle(r.roundId, { outcome: r.outcome, close: "1", requestUrl: "u", requestBody: "b", candleJson: "{}", responseBody: "[]", settledAtMs: r.deadlineMs + 70_000 });
    else if (r.coin === "BTC") await rounds.void(r.roundId, "no_candle", r.deadlineMs + 6 * 60_000);
  }
}

/** The oracle's figures for one agent (optionally one coin). */
function expected(arena: ReturnType<typeof knownArena>, agent: string, coin?: string) {
  const byId = new Map(arena.rounds.map((r) => [r.roundId, r]));
  const settled = arena.entries
    .filter((e) => e.agent === agent)
    .map((e) => ({ e, r: byId.get(e.roundId)! }))
    .filter(({ r }) => r.outcome !== null && (coin === undefined || r.coin === coin))
    .map(({ e, r }) => ({ p: e.p, outcome: r.outcome as 0 | 1, climatology: naiveClimatology(r, arena.rounds), deadlineMs: r.deadlineMs }));
  return { n: settled.length, ...naiveSkill(settled) };
}

for (const kind of testDatabaseKinds()) {
  describe.skipIf(kind.unavailable)(`arena skill against climatology, recomputed by the oracle, on ${kind.name}`, () => {
    let database: Database | undefined;
    afterEach(async () => database?.close());

    it("the climatology of a round counts only the settled rounds of its coin and source whose deadline came before it opened", () => {
      const { rounds } = knownArena();
      const at = (id: string) => naiveClimatology(rounds.find((r) => r.roundId === id)!, rounds);
      // BTC at deadline 0 and 1: no earlier deadline before they open -> 0.5 (the three offline YES do not count).
      expect([at("rnd_b000000000"), at("rnd_b000000001")]).toEqual([0.5, 0.5]);
      // BTC at deadline 2 opened at 00:50, after deadline 0 only.
      const first = rounds.find((r) => r.roundId === "rnd_b000000000")!.outcome!;
      expect(at("rnd_b000000002")).toBe((first + 1) / 3);
      // An offline round: the offline rounds before it (two YES) -> 3/4.
      expect(at("rnd_f000000001")).toBe(3 / 4);
    });

    it("ranks by skill over climatology with the clustered interval, and diagnoses by coin, as the oracle computes", async () => {
      database = await kind.open();
      const arena = knownArena();
      await write(database, arena);
      const rounds = new ArenaRounds(database.db);
      const entries = new ArenaEntries(database.db);
      const service = new ArenaScoresService(entries, rounds, new ArenaService(rounds, entries, new ArenaSponsorships(database.db), new FakeClock(D0 + DAY)));

      const board = await service.leaderboard(10);
      const alpha = expected(arena, "alpha");
      const beta = expected(arena, "beta");
      expect([alpha.n, alpha.nDeadlines, beta.n, beta.nDeadlines]).toEqual([26, 14, 22, 15]);
      expect(board.agentsScored).toBe(3);
      expect(board.ranked.map((r) => r.agent)).toEqual(alpha.skill > beta.skill ? ["alpha", "beta"] : ["beta", "alpha"]);
      for (const [agent, want] of [["alpha", alpha], ["beta", beta]] as const) {
        const got = board.ranked.find((r) => r.agent === agent)!;
        expect([got.summary.n, got.skill.nDeadlines]).toEqual([want.n, want.nDeadlines]);
        expect(got.skill.meanBrier).toBeCloseTo(want.meanBrier, 12);
        expect(got.skill.climatologyBrier).toBeCloseTo(want.climatologyBrier, 12);
        expect(got.skill.skill).toBeCloseTo(want.skill, 12);
        expect(got.skill.interval!.low).toBeCloseTo(want.interval!.low, 6);
        expect(got.skill.interval!.high).toBeCloseTo(want.interval!.high, 6);
        expect(got.skill.lowerBound!).toBeCloseTo(want.lowerBound!, 6);
        expect(got.skill.skilled).toBe(want.skilled);
      }

      const diagnosis = await service.diagnostic("alpha", WALLET_A);
      expect(diagnosis.scores!.skill.skill).toBeCloseTo(alpha.skill, 12);
      expect(diagnosis.perCoin.map((c) => c.coin)).toEqual(["BTC", "ETH"]);
      for (const c of diagnosis.perCoin) {
        const want = expected(arena, "alpha", c.coin);
        expect([c.summary.n, c.skill.nDeadlines]).toEqual([want.n, want.nDeadlines]);
        expect(c.skill.climatologyBrier).toBeCloseTo(want.climatologyBrier, 12);
        expect(c.skill.skill).toBeCloseTo(want.skill, 12);
        expect(c.skill.interval!.low).toBeCloseTo(want.interval!.low, 6);
        expect(c.skill.interval!.high).toBeCloseTo(want.interval!.high, 6);
      }
      // gamma: 6 settled entries over 3 deadlines -> listed nowhere, and its own diagnosis withholds the interval.
      const gamma = await service.diagnostic("gamma", WALLET_C);
      expect(gamma.scores!.skill).toMatchObject({ nEntries: 6, nDeadlines: 3, interval: null, skilled: null });
      expect(gamma.scores!.skill.withheld).toMatch(/^3 deadlines: too few for an interval \(at least 10/);
    });
  });
}
