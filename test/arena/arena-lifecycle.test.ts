import { afterAll, beforeAll, expect, it } from "vitest";
import { ARENA_OPEN_JOB, ARENA_SETTLE_JOB } from "../../src/jobs/arena-rounds.js";
import { FakeClock } from "../support/fake-clock.js";
import { startPaidService, type PaidService } from "../support/paid-routes.js";
import { describeWithShared, type ReplayRoute } from "../support/replay-fetch.js";
import { createTestPayer, type TestPayer } from "../support/test-payer.js";
import { arenaUpstream, recordedCandles } from "./recorded-hyperliquid.js";

const at = (iso: string) => Date.parse(`2023-05-22T${iso}Z`);
const ENTRY_ATOMIC = 10_000n; // $0.01 in USDC's 6 decimals
type Body = Record<string, any>;

/**
 * The arena end to end on a fake clock: rounds opened and settled by the jobs from the recorded Hyperliquid
 * answers (strike: the recorded allMids, kPEPE 0.001565; candles: the recorded kPEPE closes, see
 * recorded-hyperliquid.ts), entries paid on the embedded chain.
 *   deadline 13:00 close 0.001575 > strike -> YES; 14:00 close 0.001565 = strike -> NO; 15:00 close 0.00153 -> NO.
 *   BTC (listed, mid 30135.0) has no recorded candle -> void; NOPE is not listed -> never opened.
 */
describeWithShared("arena lifecycle: open, lock, settle (YES, NO, equal is NO), void, on recorded Hyperliquid data", () => {
  const clock = new FakeClock(at("11:50:00"));
  const outage: ReplayRoute = { match: "candleSnapshot", times: 0, respond: () => new Response("<html>502 Bad Gateway</html>", { status: 502 }) };
  let paid: PaidService;
  let other: TestPayer;
  const rounds: Record<string, Body> = {};

  beforeAll(async () => {
    paid = await startPaidService({
      clock,
      arena: { coins: ["kPEPE", "BTC", "NOPE"], hyperliquid: { fetch: arenaUpstream([outage]), sleep: async () => undefined, maxRetries: 0 } },
    });
    other = await createTestPayer(paid.service, 10_000_000n);
  }, 120_000);
  afterAll(async () => paid?.service.close());

  const app = () => paid.service.app;
  const free = async (url: string) => {
    const res = await app().request(url);
    return { status: res.status, body: (await res.json()) as Body };
  };
  const payAs = async (payer: TestPayer, url: string) => {
    const res = await payer.pay(url, "POST");
    return { status: res.status, body: (await res.json()) as Body };
  };
  const run = (job: string) => paid.service.jobs.runNow(job);
  const listing = async (status = "open") => (await free(`/api/arena/rounds?status=${status}`)).body;
  const roundOf = async (coin: string, status = "open") => (await listing(status)).rounds.find((r: Body) => r.coin === coin);
  /** Pays for url as payer and expects the error, with the payer's balance unchanged. */
  const expectUncharged = async (payer: TestPayer, url: string, status: number, code: string) => {
    const before = await payer.balance();
    const { status: got, body } = await payAs(payer, url);
    expect([url, got, body.error?.code]).toEqual([url, status, code]);
    expect(await payer.balance()).toBe(before);
    return body;
  };

  it("uses the recorded closes the cases are built on", () => {
    const closeAt = (iso: string) => recordedCandles().find((c) => c.t === at(iso))?.c;
    expect([closeAt("13:00:00"), closeAt("14:00:00"), closeAt("15:00:00"), closeAt("16:00:00")]).toEqual(["0.001575", "0.001565", "0.00153", "0.001528"]);
  });

  it("opens one round per listed coin at the next full hour, strike = Hyperliquid's mid", async () => {
    await run(ARENA_OPEN_JOB);
    const body = await listing();
    expect(body.server_time).toBe("2023-05-22T11:50:00.000Z");
    expect(body.rounds.map((r: Body) => r.coin)).toEqual(["BTC", "kPEPE"]);
    const kpepe = body.rounds[1];
    expect(kpepe.round_id).toMatch(/^rnd_[0-9a-f]{10}$/);
    expect(kpepe).toMatchObject({
      coin: "kPEPE",
      strike: 0.001565,
      state: "open",
      opened_at: "2023-05-22T11:50:00.000Z",
      lock_at: "2023-05-22T12:45:00.000Z",
      deadline: "2023-05-22T13:00:00.000Z",
      seconds_left: 70 * 60,
      locks_in_seconds: 55 * 60,
      entrants: 0,
      settlement_candle_open: "2023-05-22T13:00:00.000Z",
      outcome: null,
      candle: null,
      source: "hyperliquid",
    });
    expect(kpepe.question).toBe("Will kPEPE close above 0.001565 at 2023-05-22T13:00:00.000Z? (Hyperliquid 1-minute candle opening at the deadline)");
    expect(kpepe.strike_source).toEqual({
      request: { url: "https://api.hyperliquid.xyz/info", method: "POST", body: '{"type":"allMids"}' },
      mid: "0.001565",
      fetched_at: "2023-05-22T11:50:00.000Z",
    });
    expect(body.rounds[0]).toMatchObject({ coin: "BTC", strike: 30135 });
    expect(body.how_to_play).toMatch(/one entry per agent per round/i);
    expect(body.settlement).toMatch(/close > strike \(equal is NO\)/);
    expect(body.sponsors).toEqual([]);
    expect(body.sponsored_item).toBeNull();
    rounds.r13 = kpepe;
    rounds.btc13 = body.rounds[0];
    // A second tick opens nothing more: every coin has its open round.
    clock.advance(5 * 60_000);
    await run(ARENA_OPEN_JOB);
    expect((await listing()).rounds).toHaveLength(2);
  });

  it("takes one paid entry per agent per round; every refusal is uncharged", async () => {
    const id = rounds.r13.round_id;
    const before = await paid.payer.balance();
    const first = await payAs(paid.payer, `/api/arena/predict?agent=alpha&round_id=${id}&p=0.9`);
    expect(first.status).toBe(200);
    expect(first.body.entry).toEqual({ agent: "alpha", round_id: id, p: 0.9, entered_at: "2023-05-22T11:55:00.000Z", wallet: paid.payer.account.address.toLowerCase() });
    expect(first.body.round).toMatchObject({ round_id: id, state: "open", entrants: 1 });
    expect(await paid.payer.balance()).toBe(before - ENTRY_ATOMIC);

    const repeat = await expectUncharged(paid.payer, `/api/arena/predict?agent=alpha&round_id=${id}&p=0.1`, 409, "CONFLICT");
    expect(repeat.error.message).toMatch(/already entered .* \(p = 0\.9\)/);
    const stolen = await expectUncharged(other, `/api/arena/predict?agent=alpha&round_id=${id}&p=0.1`, 403, "FORBIDDEN");
    expect(stolen.error.message).toMatch(/bound to another wallet/);
    await expectUncharged(paid.payer, "/api/arena/predict?agent=alpha&round_id=rnd_0000000000&p=0.5", 404, "NOT_FOUND");
    await expectUncharged(paid.payer, `/api/arena/predict?agent=alpha&round_id=${id}&p=1.5`, 422, "VALIDATION_FAILED");
    await expectUncharged(paid.payer, `/api/arena/predict?agent=alpha&round_id=${id}&p=-0.01`, 422, "VALIDATION_FAILED");
    await expectUncharged(paid.payer, "/api/arena/predict?agent=alpha&round_id=round-13&p=0.5", 422, "VALIDATION_FAILED");
    await expectUncharged(paid.payer, `/api/arena/predict?agent=${"x".repeat(65)}&round_id=${id}&p=0.5`, 422, "VALIDATION_FAILED");

    // The other wallet takes its own key; p = 0 and p = 1 are allowed.
    expect((await payAs(other, `/api/arena/predict?agent=beta&round_id=${id}&p=0`)).status).toBe(200);
    expect((await payAs(other, `/api/arena/predict?agent=beta&round_id=${rounds.btc13.round_id}&p=1`)).status).toBe(200);
    expect((await roundOf("kPEPE")).entrants).toBe(2);
  });

  it("locks 15 minutes before the deadline (409, uncharged) and opens the next hour's round", async () => {
    clock.advance(at("12:46:00") - clock.nowMs());
    expect(await roundOf("kPEPE")).toBeUndefined();
    expect((await roundOf("kPEPE", "locked")).round_id).toBe(rounds.r13.round_id);
    const locked = await expectUncharged(other, `/api/arena/predict?agent=beta2&round_id=${rounds.r13.round_id}&p=0.5`, 409, "CONFLICT");
    expect(locked.error.message).toMatch(/is locked \(entries closed at 2023-05-22T12:45:00.000Z\)/);
    await run(ARENA_OPEN_JOB);
    rounds.r14 = await roundOf("kPEPE");
    expect(rounds.r14).toMatchObject({ deadline: "2023-05-22T14:00:00.000Z", lock_at: "2023-05-22T13:45:00.000Z", strike: 0.001565 });
    expect((await payAs(paid.payer, `/api/arena/predict?agent=alpha&round_id=${rounds.r14.round_id}&p=0.6`)).status).toBe(200);
  });

  it("settles only after the deadline minute has closed: YES when close > strike, with the audit trail", async () => {
    clock.advance(at("13:00:30") - clock.nowMs());
    expect((await roundOf("kPEPE", "settling")).round_id).toBe(rounds.r13.round_id);
    await run(ARENA_SETTLE_JOB); // the 13:00 candle is still forming: nothing is asked for
    expect((await roundOf("kPEPE", "settling")).pending_reason).toBeNull();

    clock.advance(at("13:01:15") - clock.nowMs());
    await run(ARENA_SETTLE_JOB);
    const settled = await roundOf("kPEPE", "settled");
    expect(settled).toMatchObject({ round_id: rounds.r13.round_id, state: "settled", outcome: "YES", close: "0.001575", settled_at: "2023-05-22T13:01:15.000Z" });
    const recorded = recordedCandles().find((c) => c.t === at("13:00:00"))!;
    expect(settled.candle).toEqual({ ...recorded, i: "1m", T: at("13:00:00") + 59_999 });
    expect(settled.settlement_request.url).toBe("https://api.hyperliquid.xyz/info");
    expect(JSON.parse(settled.settlement_request.body)).toEqual({
      type: "candleSnapshot",
      req: { coin: "kPEPE", interval: "1m", startTime: at("13:00:00"), endTime: at("13:00:00") + 59_999 },
    });
    expect(JSON.parse(settled.raw_response)).toEqual([settled.candle]);
    // BTC has no candle for the minute yet: still settling, with the reason, until 5 minutes after it closed.
    const btc = await roundOf("BTC", "settling");
    expect(btc.pending_reason).toBe("no 1m candle of BTC opening at 2023-05-22T13:00:00.000Z yet");
  });

  it("voids a round with no candle 5 minutes after the deadline minute closed (no score)", async () => {
    clock.advance(at("13:06:00") - clock.nowMs());
    await run(ARENA_SETTLE_JOB);
    const voided = await roundOf("BTC", "void");
    expect(voided).toMatchObject({ round_id: rounds.btc13.round_id, state: "void", outcome: null, void_reason: "no_candle: no 1m candle of BTC opening at 2023-05-22T13:00:00.000Z" });
    expect(voided.raw_response).toBe("[]");
    expect(JSON.parse(voided.settlement_request.body).req.coin).toBe("BTC");
  });

  it("settles NO when the close equals the strike, and when it is below", async () => {
    clock.advance(at("13:46:00") - clock.nowMs());
    await run(ARENA_OPEN_JOB);
    rounds.r15 = await roundOf("kPEPE");
    expect(rounds.r15.deadline).toBe("2023-05-22T15:00:00.000Z");
    expect((await payAs(paid.payer, `/api/arena/predict?agent=alpha&round_id=${rounds.r15.round_id}&p=0.25`)).status).toBe(200);

    clock.advance(at("14:01:15") - clock.nowMs());
    await run(ARENA_SETTLE_JOB);
    clock.advance(at("14:46:00") - clock.nowMs());
    await run(ARENA_OPEN_JOB);
    clock.advance(at("15:01:15") - clock.nowMs());
    await run(ARENA_SETTLE_JOB);
    const settled = (await listing("settled")).rounds.filter((r: Body) => r.coin === "kPEPE");
    expect(settled.map((r: Body) => [r.deadline, r.close, r.strike, r.outcome])).toEqual([
      ["2023-05-22T15:00:00.000Z", "0.00153", 0.001565, "NO"],
      ["2023-05-22T14:00:00.000Z", "0.001565", 0.001565, "NO"],
      ["2023-05-22T13:00:00.000Z", "0.001575", 0.001565, "YES"],
    ]);
    // Settlement is written once: running the job again changes nothing.
    await run(ARENA_SETTLE_JOB);
    expect((await listing("settled")).rounds).toEqual((await listing("settled")).rounds);
    expect((await listing("settled")).rounds.filter((r: Body) => r.coin === "kPEPE").map((r: Body) => r.settled_at)).toEqual([
      "2023-05-22T15:01:15.000Z",
      "2023-05-22T14:01:15.000Z",
      "2023-05-22T13:01:15.000Z",
    ]);
  });

  it("keeps a round settling while Hyperliquid is down, and voids it after 2 hours", async () => {
    const r16 = await roundOf("kPEPE");
    expect(r16.deadline).toBe("2023-05-22T16:00:00.000Z");
    outage.times = 1_000; // every candle request fails until the end of this test
    clock.advance(at("16:01:15") - clock.nowMs());
    await run(ARENA_SETTLE_JOB);
    expect((await roundOf("kPEPE", "settling")).pending_reason).toBe(
      "Hyperliquid unavailable, retrying: Hyperliquid unavailable after 1 attempt(s): HTTP 502 (api.hyperliquid.xyz/info)",
    );
    clock.advance(at("18:00:00") - clock.nowMs());
    await run(ARENA_SETTLE_JOB);
    const voided = (await listing("void")).rounds.find((r: Body) => r.round_id === r16.round_id);
    expect(voided.void_reason).toMatch(/^upstream_unavailable: Hyperliquid could not be read until 2023-05-22T18:00:00.000Z/);
    outage.times = 0;
  });

  it("diagnoses the caller's own agent by hand-computed scores; another wallet gets 403, an unknown key 404, both uncharged", async () => {
    // alpha: 0.9 on YES (Brier 0.01), 0.6 on equal-is-NO (0.36), 0.25 on NO (0.0625): mean 0.1441667.
    const { status, body } = await payAs(paid.payer, "/api/arena/diagnostic?agent=alpha");
    expect(status).toBe(200);
    expect(body).toMatchObject({ agent: "alpha", n_entries: 3, n_settled: 3, n_pending: 0, n_void: 0 });
    expect(body.mean_brier).toBeCloseTo((0.01 + 0.36 + 0.0625) / 3, 12);
    expect(body.brier_skill_score).toBeCloseTo(1 - (0.01 + 0.36 + 0.0625) / 3 / 0.25, 12);
    expect(body.log_loss).toBeCloseTo((-Math.log(0.9) - Math.log(0.4) - Math.log(0.75)) / 3, 12);
    expect(body.sharpness).toBeCloseTo((0.8 + 0.2 + 0.5) / 3, 12);
    // Climatology, the base rate known when each round opened: the 13:00 and 14:00 rounds opened (11:50, 12:46) before
    // any kPEPE deadline had passed -> 0.5; the 15:00 round opened at 13:46, after 13:00 settled YES -> (1 + 1) / (1 + 2).
    const climatology = [0.5, 0.5, 2 / 3];
    const outcomes = [1, 0, 0];
    const ps = [0.9, 0.6, 0.25];
    const skills = ps.map((p, i) => (climatology[i] - outcomes[i]) ** 2 - (p - outcomes[i]) ** 2); // one entry per deadline
    expect(body.climatology_brier).toBeCloseTo((0.25 + 0.25 + (2 / 3) ** 2) / 3, 12);
    expect(body.skill_vs_climatology).toBeCloseTo((skills[0] + skills[1] + skills[2]) / 3, 12);
    expect(body).toMatchObject({ n_deadlines: 3, skill_ci_low: null, skill_ci_high: null, skill_lower_bound: null, skilled: null });
    expect(body.interval_note).toBe("3 deadlines: too few for an interval (at least 10; the entries settling at one deadline count once, as their average)");
    expect(body.calibration.map((b: Body) => [b.bin, b.n, b.observed_frequency])).toEqual([
      ["0.0-0.1", 0, null],
      ["0.1-0.2", 0, null],
      ["0.2-0.3", 1, 0],
      ["0.3-0.4", 0, null],
      ["0.4-0.5", 0, null],
      ["0.5-0.6", 0, null],
      ["0.6-0.7", 1, 0],
      ["0.7-0.8", 0, null],
      ["0.8-0.9", 0, null],
      ["0.9-1.0", 1, 1],
    ]);
    expect(body.per_coin).toHaveLength(1);
    expect(body.per_coin[0]).toMatchObject({ coin: "kPEPE", n: 3 });
    // beta: kPEPE 13:00 p = 0 on YES (Brier 1) and a void BTC entry (not scored).
    const beta = await payAs(other, "/api/arena/diagnostic?agent=beta");
    expect(beta.body).toMatchObject({ n_entries: 2, n_settled: 1, n_void: 1, mean_brier: 1, brier_skill_score: -3, climatology_brier: 0.25, skill_vs_climatology: -0.75, n_deadlines: 1 });
    expect(beta.body.log_loss).toBeCloseTo(Math.log(1e4), 9);

    await expectUncharged(other, "/api/arena/diagnostic?agent=alpha", 403, "FORBIDDEN");
    await expectUncharged(paid.payer, "/api/arena/diagnostic?agent=nobody", 404, "NOT_FOUND");
  });

  it("ranks only agents with the documented minimum of settled entries: with none ranked it serves nothing, uncharged", async () => {
    const body = await expectUncharged(paid.payer, "/api/arena/performance", 404, "NO_DATA");
    expect(body.error.message).toMatch(/ranked once it has 20 entries in settled rounds, and none has \(2 agent\(s\) have at least one\)/);
  });
});
