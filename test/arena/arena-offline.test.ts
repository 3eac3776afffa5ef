import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadCliConfig } from "../../src/config/cli-config.js";
import { loadConfig } from "../../src/config/config.js";
import { RoundSchema } from "../../src/contracts/arena/round-schema.js";
import { roundWire } from "../../src/http/routes/arena/round-wire.js";
import { runArenaOffline } from "../../src/main/arena-offline.js";
import { ArenaScoresService } from "../../src/services/arena/arena-scores-service.js";
import { ArenaService } from "../../src/services/arena/arena-service.js";
import type { Database } from "../../src/storage/create-database.js";
import { ArenaEntries } from "../../src/storage/repos/arena-entries.js";
import { ArenaRounds } from "../../src/storage/repos/arena-rounds.js";
import { ArenaSponsorships } from "../../src/storage/repos/arena-sponsorships.js";
import { FakeClock } from "../support/fake-clock.js";
import { DAILY_DATASET_DIR, SHARED_PRESENT } from "../support/shared-paths.js";
import { testDatabaseKinds } from "../support/test-databases.js";

const DAY = 86_400_000;
const WALLET = "0x00000000000000000000000000000000000a11ce";
const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`);

/** The dataset's own row for a date, read from the CSV text (the oracle: no code of the service). */
function csvRow(file: string, date: string): { open: string; close: string } {
  const line = fs
    .readFileSync(path.join(DAILY_DATASET_DIR, file), "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${date},`));
  if (line === undefined) throw new Error(`${file} has no row for ${date}`);
  const [, open, , , close] = line.split(",");
  return { open, close };
}

for (const kind of testDatabaseKinds()) {
  describe.skipIf(kind.unavailable || !SHARED_PRESENT)(`offline arena rounds from the stored daily history (npm run arena:offline) on ${kind.name}`, () => {
    let database: Database | undefined;
    let dir: string | undefined;
    afterEach(async () => {
      await database?.close();
      if (dir !== undefined) fs.rmSync(dir, { recursive: true, force: true });
    });

    it("opens and settles one round per stored day (strike = the day's open, settlement = its CSV close), enters a forecasts file, and scores it against climatology", async () => {
      database = await kind.open();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-offline-"));
      const config = loadConfig({ DATA_DIR: dir, MARKET_DATA_DIR: DAILY_DATASET_DIR, LOG_LEVEL: "silent" });
      const cli = loadCliConfig({ DATA_DIR: dir });
      // Midday on 2025-08-22: that day has not closed yet, so it gets no round.
      const clock = new FakeClock(Date.parse("2025-08-22T12:00:00Z"));
      const rounds = new ArenaRounds(database.db);
      // A Hyperliquid round of BTC whose deadline is the end of 2025-08-21's day: that day is not replayed over it.
      await rounds.open({
        roundId: "rnd_00000000a1",
        coin: "BTC",
        strike: 1,
        strikeSource: { request: '{"type":"allMids"}', mid: "1", fetchedAtMs: dayMs("2025-08-21") },
        openedAtMs: dayMs("2025-08-21") + 22 * 3_600_000,
        lockAtMs: dayMs("2025-08-22") - 15 * 60_000,
        deadlineMs: dayMs("2025-08-22"),
      });
      const forecasts = path.join(dir, "forecasts.csv");
      fs.writeFileSync(
        forecasts,
        [
          "agent,coin,date,p",
          "alpha,BTC,2025-08-19,0.4",
          "alpha,BTC,2025-08-20,0.7",
          "alpha,xyz:GOLD,2025-08-20,0.6",
          "alpha,BTC,2025-08-20,0.1", // a second entry in one round
          "alpha,BTC,2025-08-22,0.5", // that day has no round (not closed)
          "alpha,BTC,2025-08-21,0.5", // a Hyperliquid round: never through this command
          "alpha,ETH,2025-08-20,1.5",
          "bad key!,ETH,2025-08-20,0.5",
        ].join("\n"),
      );
      const lines: string[] = [];
      const argv = ["--from", "2025-08-18", "--to", "2025-08-22", "--coins", "BTC,xyz:GOLD,HYPE,AAPL", "--entries", forecasts, "--wallet", WALLET];
      expect(await runArenaOffline(argv, config, cli, database, (l) => lines.push(l), clock)).toBe(0);
      expect(lines.join("\n")).toMatch(/BTC +BTC-USD\.csv +3 opened and settled \(1 YES, 2 NO\), 1 already there, 1 day\(s\) not closed yet/);
      expect(lines.join("\n")).toMatch(/xyz:GOLD +GOLD\.csv +4 opened and settled/);
      expect(lines.join("\n")).toMatch(/HYPE +skipped: Unknown ticker "HYPE": not in the offline dataset/);
      expect(lines.join("\n")).toMatch(/AAPL +skipped: AAPL is not a Hyperliquid coin/);
      expect(lines.join("\n")).toMatch(/3 entered for wallet 0x00000000000000000000000000000000000a11ce, 5 refused/);
      expect(lines.join("\n")).toMatch(/line 5 .*already entered round/);
      expect(lines.join("\n")).toMatch(/line 6 .*no round of BTC for 2025-08-22/);
      expect(lines.join("\n")).toMatch(/line 7 .*is a Hyperliquid round: live rounds take entries only through \/api\/arena\/predict/);
      expect(lines.join("\n")).toMatch(/line 8 .*p must be a number from 0 to 1/);
      expect(lines.join("\n")).toMatch(/line 9 .*the agent key must be/);

      for (const [coin, file, date] of [["BTC", "BTC-USD.csv", "2025-08-20"], ["BTC", "BTC-USD.csv", "2025-08-18"], ["xyz:GOLD", "GOLD.csv", "2025-08-21"]] as const) {
        const round = (await rounds.atDeadline(coin, dayMs(date) + DAY))!;
        const row = csvRow(file, date);
        expect(round).toMatchObject({ source: "offline", status: "settled", strike: Number(row.open), openedAtMs: dayMs(date), deadlineMs: dayMs(date) + DAY });
        expect(round.settlement!.close).toBe(row.close);
        expect(round.settlement!.outcome).toBe(Number(row.close) > Number(row.open) ? 1 : 0);
        expect(round.storedBar).toMatchObject({ store: "offline", file, date, timeframe: "1d", open: Number(row.open), close: Number(row.close) });
        const wire = RoundSchema.parse(roundWire(round, clock.nowMs()));
        expect(wire).toMatchObject({ source: "offline", state: "settled", strike_source: null, settlement_request: null, raw_response: null, close: row.close });
        expect(wire.stored_bar).toEqual({ store: "offline", symbol: coin === "BTC" ? "BTC-USD" : "GC=F", file, timeframe: "1d", date });
        expect(wire.candle).toMatchObject({ date, open: Number(row.open), close: Number(row.close) });
        expect(wire.question).toBe(`Will ${coin} close above ${Number(row.open)} on ${date}? (offline replay of the stored daily bar of ${coin === "BTC" ? "BTC-USD" : "GC=F"}: strike = its open, settlement = its close)`);
      }
      // The day under the Hyperliquid round was left alone.
      expect(await rounds.atDeadline("BTC", dayMs("2025-08-22"))).toMatchObject({ roundId: "rnd_00000000a1", source: "hyperliquid", status: "pending" });

      // alpha's diagnosis: BTC 2025-08-19 (NO) and 2025-08-20 (YES), GOLD 2025-08-20 (YES).
      // Climatology: BTC 08-19 opened after 08-18 settled NO -> (0 + 1) / (1 + 2); BTC 08-20 after 08-18 and 08-19, both NO -> 1/4;
      // GOLD 08-20 after 08-18 and 08-19 (3331.699951 < 3333.5, 3313.399902 < 3330.199951: NO, NO) -> 1/4.
      const entries = new ArenaEntries(database.db);
      const scores = new ArenaScoresService(entries, rounds, new ArenaService(rounds, entries, new ArenaSponsorships(database.db), clock));
      const d = await scores.diagnostic("alpha", WALLET);
      expect([d.nEntries, d.nSettled]).toEqual([3, 3]);
      const climatologyBrier = ((1 / 3) ** 2 + (1 / 4 - 1) ** 2 + (1 / 4 - 1) ** 2) / 3;
      const brier = (0.4 ** 2 + 0.3 ** 2 + 0.4 ** 2) / 3;
      expect(d.scores!.skill.climatologyBrier).toBeCloseTo(climatologyBrier, 12);
      expect(d.scores!.skill.meanBrier).toBeCloseTo(brier, 12);
      // Deadlines: the end of 08-19 (one entry) and the end of 08-20 (two entries, averaged first).
      const at19 = (1 / 3) ** 2 - 0.4 ** 2;
      const at20 = ((1 / 4 - 1) ** 2 - 0.3 ** 2 + (1 / 4 - 1) ** 2 - 0.4 ** 2) / 2;
      expect(d.scores!.skill.skill).toBeCloseTo((at19 + at20) / 2, 12);
      expect(d.scores!.skill).toMatchObject({ nDeadlines: 2, interval: null, skilled: null });

      // Replaying again opens nothing new.
      const again: string[] = [];
      expect(await runArenaOffline(argv.slice(0, 6), config, cli, database, (l) => again.push(l), clock)).toBe(0);
      expect(again.join("\n")).toMatch(/BTC +BTC-USD\.csv +0 opened and settled \(0 YES, 0 NO\), 4 already there, 1 day\(s\) not closed yet/);
    });

    it("refuses without MARKET_DATA_DIR, and entries without a wallet", async () => {
      database = await kind.open();
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "arena-offline-"));
      const lines: string[] = [];
      const cli = loadCliConfig({ DATA_DIR: dir });
      const online = loadConfig({ DATA_DIR: dir, LOG_LEVEL: "silent" });
      expect(await runArenaOffline(["--from", "2025-08-18", "--to", "2025-08-19"], online, cli, database, (l) => lines.push(l))).toBe(2);
      expect(lines.at(-1)).toMatch(/^MARKET_DATA_DIR is not set/);
      const offline = loadConfig({ DATA_DIR: dir, MARKET_DATA_DIR: DAILY_DATASET_DIR, LOG_LEVEL: "silent" });
      expect(await runArenaOffline(["--from", "2025-08-18", "--to", "2025-08-19", "--entries", "x.csv"], offline, cli, database, (l) => lines.push(l))).toBe(2);
      expect(lines.at(-1)).toMatch(/^--entries needs --wallet/);
      await expect(runArenaOffline(["--from", "2025-08-19", "--to", "2025-08-18"], offline, cli, database, (l) => lines.push(l))).rejects.toThrow(/--from and --to/);
    });
  });
}
