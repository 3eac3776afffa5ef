import { describe, expect, it } from "vitest";
import pino from "pino";
import { HyperliquidInfoMarket } from "../../src/providers/hyperliquid/hyperliquid-info-market.js";
import { RoundSettler } from "../../src/services/arena/round-settler.js";
import { ArenaEntries } from "../../src/storage/repos/arena-entries.js";
import { ArenaRounds, type NewRound } from "../../src/storage/repos/arena-rounds.js";
import { ArenaSponsorships } from "../../src/storage/repos/arena-sponsorships.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { describeOnEachDatabase, emptiedBeforeEach, openSharedPostgres } from "../support/test-databases.js";
import { arenaUpstream } from "../arena/recorded-hyperliquid.js";

const H = 3_600_000;
const D13 = Date.parse("2023-05-22T13:00:00.000Z");
const WALLET_A = "0xAaAa000000000000000000000000000000000001";
const WALLET_B = "0xbbbb000000000000000000000000000000000002";

const round = (roundId: string, coin: string, deadlineMs: number, strike = 0.001565): NewRound => ({
  roundId,
  coin,
  strike,
  strikeSource: { request: '{"type":"allMids"}', mid: String(strike), fetchedAtMs: deadlineMs - 70 * 60_000 },
  openedAtMs: deadlineMs - 70 * 60_000,
  lockAtMs: deadlineMs - 15 * 60_000,
  deadlineMs,
});
const entry = (roundId: string, agent: string, p: number, payer: string, requestId = `req_${agent}_${roundId}`) => ({ roundId, agent, p, payer, enteredAtMs: D13 - H, requestId });
const settlement = (outcome: 0 | 1) => ({ outcome, close: "1", requestUrl: "u", requestBody: "b", candleJson: "{}", responseBody: "[]", settledAtMs: D13 + 70_000 });

describeOnEachDatabase("arena store", (open) => {
  const fresh = emptiedBeforeEach(open);
  it("opens a (coin, deadline) once, lists by state, and writes a settlement or a void once", async () => {
    const rounds = new ArenaRounds(fresh().db);
    expect(await rounds.open(round("rnd_000000000a", "kPEPE", D13))).toBe(true);
    expect(await rounds.open(round("rnd_000000000b", "kPEPE", D13))).toBe(false);
    expect(await rounds.open(round("rnd_000000000c", "BTC", D13, 30135))).toBe(true);
    expect(await rounds.open(round("rnd_000000000d", "kPEPE", D13 + H))).toBe(true);
    const at = D13 - 10 * 60_000; // 13:00 rounds locked, 14:00 open
    expect((await rounds.list({ state: "open", nowMs: at, limit: 10 })).map((r) => r.roundId)).toEqual(["rnd_000000000d"]);
    expect((await rounds.list({ state: "locked", nowMs: at, limit: 10 })).map((r) => r.roundId)).toEqual(["rnd_000000000c", "rnd_000000000a"]);
    expect([...(await rounds.coinsWithOpenRound(at))]).toEqual(["kPEPE"]);

    expect(await rounds.claim("rnd_000000000a", D13 + 70_000, 60_000)).toBe(true);
    expect(await rounds.claim("rnd_000000000a", D13 + 80_000, 60_000)).toBe(false); // leased to the first claimant
    expect(await rounds.claim("rnd_000000000a", D13 + 130_000, 60_000)).toBe(true); // the lease ran out
    expect(await rounds.settle("rnd_000000000a", settlement(1))).toBe(true);
    expect(await rounds.settle("rnd_000000000a", settlement(0))).toBe(false);
    expect(await rounds.void("rnd_000000000a", "late", D13 + H)).toBe(false);
    expect(await rounds.claim("rnd_000000000a", D13 + H, 60_000)).toBe(false);
    expect((await rounds.get("rnd_000000000a"))!.settlement).toEqual(settlement(1));
    expect(await rounds.void("rnd_000000000c", "no_candle: none", D13 + H, { requestUrl: "u", requestBody: "b", responseBody: "[]" })).toBe(true);
    expect(await rounds.get("rnd_000000000c")).toMatchObject({ status: "void", voidReason: "no_candle: none", voidRequest: { url: "u", body: "b", responseBody: "[]" }, settlement: null });
    expect((await rounds.list({ state: "settled", nowMs: D13 + H, limit: 10 })).map((r) => r.roundId)).toEqual(["rnd_000000000a"]);
    expect((await rounds.awaitingSettlement(D13 + H, 10)).map((r) => r.roundId)).toEqual(["rnd_000000000d"]);
  });

  it("binds an agent key to its first wallet and takes one entry per agent per round, also under concurrency", async () => {
    const database = fresh();
    const rounds = new ArenaRounds(database.db);
    const entries = new ArenaEntries(database.db);
    for (const [id, deadline] of [["rnd_00000000a1", D13], ["rnd_00000000a2", D13 + H], ["rnd_00000000a3", D13 + 2 * H]] as const) await rounds.open(round(id, "kPEPE", deadline));

    expect(await entries.enter(entry("rnd_00000000a1", "alpha", 0.9, WALLET_A))).toEqual({ kind: "entered" });
    expect(await entries.enter(entry("rnd_00000000a1", "alpha", 0.1, WALLET_A.toLowerCase()))).toEqual({ kind: "duplicate" });
    expect(await entries.enter(entry("rnd_00000000a2", "alpha", 0.5, WALLET_B))).toEqual({ kind: "bound_to_other" });
    expect(await entries.walletOf("alpha")).toBe(WALLET_A.toLowerCase());
    expect((await entries.entryOf("rnd_00000000a1", "alpha"))!.p).toBe(0.9);

    // Five parallel entries of one agent in one round: exactly one is taken.
    const same = await Promise.all([0.1, 0.2, 0.3, 0.4, 0.5].map((p, i) => entries.enter(entry("rnd_00000000a2", "gamma", p, WALLET_B, `r${i}`))));
    expect(same.filter((r) => r.kind === "entered")).toHaveLength(1);
    // Two wallets racing for a new key: one binds it, the other is refused, and only the winner's entry exists.
    const race = await Promise.all([entries.enter(entry("rnd_00000000a3", "delta", 0.3, WALLET_A)), entries.enter(entry("rnd_00000000a2", "delta", 0.7, WALLET_B))]);
    expect(race.map((r) => r.kind).sort()).toEqual(["bound_to_other", "entered"]);
    const winner = await entries.walletOf("delta");
    expect((await entries.forecastsOf("delta")).map((f) => f.p)).toEqual([winner === WALLET_A.toLowerCase() ? 0.3 : 0.7]);
  });

  it("withdraws an entry whose payment failed to settle, and the binding it alone made", async () => {
    const database = fresh();
    const rounds = new ArenaRounds(database.db);
    const entries = new ArenaEntries(database.db);
    for (const [id, deadline] of [["rnd_00000000b1", D13], ["rnd_00000000b2", D13 + H]] as const) await rounds.open(round(id, "kPEPE", deadline));
    await entries.enter(entry("rnd_00000000b1", "alpha", 0.9, WALLET_A));
    await entries.enter(entry("rnd_00000000b2", "alpha", 0.4, WALLET_A));
    await entries.enter(entry("rnd_00000000b1", "beta", 0.2, WALLET_B));
    // Another request's id withdraws nothing.
    await entries.withdraw("rnd_00000000b2", "alpha", "someone-else");
    expect(await entries.entryOf("rnd_00000000b2", "alpha")).toBeDefined();
    // alpha keeps its binding (it has another entry); beta's only entry took its binding with it.
    await entries.withdraw("rnd_00000000b2", "alpha", "req_alpha_rnd_00000000b2");
    await entries.withdraw("rnd_00000000b1", "beta", "req_beta_rnd_00000000b1");
    expect(await entries.entryOf("rnd_00000000b2", "alpha")).toBeUndefined();
    expect(await entries.walletOf("alpha")).toBe(WALLET_A.toLowerCase());
    expect(await entries.walletOf("beta")).toBeUndefined();
    expect(await entries.enter(entry("rnd_00000000b2", "beta", 0.6, WALLET_A))).toEqual({ kind: "entered" });
  });

  it("lists the settled entries of agents with the minimum, and every settled round's outcome for climatology", async () => {
    const database = fresh();
    const rounds = new ArenaRounds(database.db);
    const entries = new ArenaEntries(database.db);
    const ids = ["rnd_00000000b1", "rnd_00000000b2", "rnd_00000000b3"];
    for (const [i, id] of ids.entries()) await rounds.open(round(id, "kPEPE", D13 + i * H));
    await rounds.settle(ids[0], settlement(1));
    await rounds.settle(ids[1], settlement(0));
    await rounds.void(ids[2], "no_candle", D13 + 3 * H);
    for (const [i, p] of [0.9, 0.6, 0.5].entries()) await entries.enter(entry(ids[i], "alpha", p, WALLET_A));
    await entries.enter(entry(ids[0], "beta", 0.2, WALLET_B));
    expect(await entries.settledEntriesOfRanked(1)).toEqual([
      { agent: "alpha", roundId: ids[0], p: 0.9 },
      { agent: "alpha", roundId: ids[1], p: 0.6 },
      { agent: "beta", roundId: ids[0], p: 0.2 },
    ]);
    // beta has one settled entry, alpha two (its void entry counts nowhere).
    expect((await entries.settledEntriesOfRanked(2)).map((e) => e.agent)).toEqual(["alpha", "alpha"]);
    expect(await entries.settledEntriesOfRanked(3)).toEqual([]);
    expect(await entries.agentsWithSettledEntries()).toBe(2);
    expect((await entries.forecastsOf("alpha")).map((f) => [f.status, f.outcome, f.deadlineMs])).toEqual([
      ["settled", 1, D13],
      ["settled", 0, D13 + H],
      ["void", null, D13 + 2 * H],
    ]);
    const outcomes = (await rounds.settledOutcomes()).sort((a, b) => a.deadlineMs - b.deadlineMs);
    expect(outcomes).toEqual([
      { roundId: ids[0], coin: "kPEPE", source: "hyperliquid", openedAtMs: D13 - 70 * 60_000, deadlineMs: D13, outcome: 1 },
      { roundId: ids[1], coin: "kPEPE", source: "hyperliquid", openedAtMs: D13 + H - 70 * 60_000, deadlineMs: D13 + H, outcome: 0 },
    ]);
  });

  it("writes an offline round settled in one insert, once per (coin, deadline), and reads its stored bar back", async () => {
    const rounds = new ArenaRounds(fresh().db);
    const day = Date.parse("2025-08-20T00:00:00Z");
    const storedBar = { store: "offline", symbol: "BTC-USD", file: "BTC-USD.csv", timeframe: "1d" as const, date: "2025-08-20", open: 100, high: 110, low: 90, close: 105, volume: 7 };
    const replayed = { roundId: "rnd_00000000e1", coin: "BTC", strike: 100, openedAtMs: day, lockAtMs: day, deadlineMs: day + 24 * H, storedBar };
    const s = { ...settlement(1), requestUrl: "offline:BTC-USD.csv", close: "105" };
    expect(await rounds.openSettled(replayed, s)).toBe(true);
    expect(await rounds.openSettled({ ...replayed, roundId: "rnd_00000000e2" }, s)).toBe(false);
    const stored = await rounds.atDeadline("BTC", day + 24 * H);
    expect(stored).toMatchObject({ roundId: "rnd_00000000e1", source: "offline", status: "settled", strikeSource: null, storedBar, settlement: s });
    // Never pending: no settlement job ever sees it.
    expect(await rounds.awaitingSettlement(day + 48 * H, 10)).toEqual([]);
    expect(await rounds.settledOutcomes()).toEqual([{ roundId: "rnd_00000000e1", coin: "BTC", source: "offline", openedAtMs: day, deadlineMs: day + 24 * H, outcome: 1 }]);
    expect(await rounds.atDeadline("BTC", day)).toBeUndefined();
  });

  it("keeps sponsorships per season, largest first", async () => {
    const sponsorships = new ArenaSponsorships(fresh().db);
    const base = { sponsor: "S", message: "M", payer: WALLET_A, createdAtMs: D13 };
    await sponsorships.add({ ...base, sponsorshipId: "spn_1", season: "2026-11", amountUsd: 5 });
    await sponsorships.add({ ...base, sponsorshipId: "spn_2", season: "2026-11", amountUsd: 50 });
    await sponsorships.add({ ...base, sponsorshipId: "spn_3", season: "2026-10", amountUsd: 500 });
    expect((await sponsorships.ofSeason("2026-11", 10)).map((s) => [s.sponsorshipId, s.amountUsd, s.payer])).toEqual([
      ["spn_2", 50, WALLET_A.toLowerCase()],
      ["spn_1", 5, WALLET_A.toLowerCase()],
    ]);
  });
});

const pgUrl = process.env.TEST_PG_URL;

describe.skipIf(!pgUrl || !SHARED_PRESENT)("arena settlement on two nodes sharing PostgreSQL", () => {
  it("settles each round once and fetches each candle once, however the nodes interleave", async () => {
    const shared = await openSharedPostgres(pgUrl!, 2);
    try {
      const [a, b] = shared.nodes;
      const ids = ["rnd_00000000c1", "rnd_00000000c2", "rnd_00000000c3", "rnd_00000000c4"];
      for (const [i, id] of ids.entries()) await new ArenaRounds(a.db).open(round(id, i % 2 === 0 ? "kPEPE" : "BTC", D13 + Math.floor(i / 2) * H));
      const upstreams = [arenaUpstream(), arenaUpstream()];
      const settlers = shared.nodes.map((node, i) => new RoundSettler(new HyperliquidInfoMarket({ fetch: upstreams[i] }), new ArenaRounds(node.db)));
      const nowMs = D13 + H + 10 * 60_000; // both deadline minutes closed over 5 minutes ago
      const logger = pino({ level: "silent" });
      const reports = await Promise.all([settlers[0].settleDue(nowMs, logger), settlers[1].settleDue(nowMs, logger), settlers[0].settleDue(nowMs, logger)]);
      expect(reports.reduce((s, r) => s + r.settled, 0)).toBe(2); // the two kPEPE rounds (13:00 YES, 14:00 equal: NO)
      expect(reports.reduce((s, r) => s + r.voided, 0)).toBe(2); // BTC has no candle: void
      const candleCalls = upstreams.flatMap((u) => u.calls).filter((c) => c.endsWith("candleSnapshot"));
      expect(candleCalls).toHaveLength(4);
      const stored = await Promise.all(ids.map((id) => new ArenaRounds(b.db).get(id)));
      expect(stored.map((r) => [r!.status, r!.settlement?.outcome ?? null])).toEqual([["settled", 1], ["void", null], ["settled", 0], ["void", null]]);
    } finally {
      await shared.close();
    }
  });
});
