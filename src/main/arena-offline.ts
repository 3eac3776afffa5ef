import fs from "node:fs";
import path from "node:path";
import pino from "pino";
import { privateKeyToAccount } from "viem/accounts";
import type { Config } from "../config/config.js";
import type { CliConfig } from "../config/cli-config.js";
import { AppError } from "../domain/app-error.js";
import { systemClock, type Clock } from "../domain/clock.js";
import { ARENA_COINS } from "../domain/arena-rules.js";
import { resolveSymbol } from "../domain/symbol-resolver.js";
import { offlineFileStem } from "../providers/prices/offline/offline-file-names.js";
import { OfflineRounds, type ReplayEntry, type StoredDailyHistory } from "../services/arena/offline-rounds.js";
import type { Database } from "../storage/create-database.js";
import { ArenaEntries } from "../storage/repos/arena-entries.js";
import { ArenaRounds } from "../storage/repos/arena-rounds.js";
import { buildMarketData, type MarketData } from "./build-market-data.js";

export const ARENA_OFFLINE_USAGE =
  "usage: npm run arena:offline -- --from YYYY-MM-DD --to YYYY-MM-DD [--coins BTC,ETH,SOL,xyz:GOLD] [--entries forecasts.csv] [--wallet 0x...]\n" +
  "  MARKET_DATA_DIR (the stored daily history) is required; rounds go into the service's database (DATA_DIR or DATABASE_URL).\n" +
  "  forecasts.csv: a header line agent,coin,date,p then one forecast per line (p = probability that coin closes date above its open).\n" +
  "  --wallet: the wallet the agent keys are bound to (it may then read /api/arena/diagnostic); default the npm run call wallet.";

export interface ArenaOfflineArgs {
  fromDate: string;
  toDate: string;
  coins: string[];
  entriesFile: string | undefined;
  wallet: string | undefined;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Parses the command's arguments; throws an Error with the usage on anything it does not understand. */
export function parseArenaOfflineArgs(argv: readonly string[]): ArenaOfflineArgs {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const eq = arg.indexOf("=");
    const [name, value] = arg.startsWith("--") && eq > 0 ? [arg.slice(0, eq), arg.slice(eq + 1)] : [arg, argv[++i]];
    if (!["--from", "--to", "--coins", "--entries", "--wallet"].includes(name) || value === undefined) throw new Error(`unexpected argument ${arg}\n${ARENA_OFFLINE_USAGE}`);
    values.set(name, value);
  }
  const fromDate = values.get("--from");
  const toDate = values.get("--to");
  if (fromDate === undefined || toDate === undefined || !DATE_RE.test(fromDate) || !DATE_RE.test(toDate) || fromDate > toDate) {
    throw new Error(`--from and --to must be dates YYYY-MM-DD, from <= to\n${ARENA_OFFLINE_USAGE}`);
  }
  const wallet = values.get("--wallet");
  if (wallet !== undefined && !/^0x[0-9a-fA-F]{40}$/.test(wallet)) throw new Error(`--wallet must be a 0x-prefixed 20-byte address\n${ARENA_OFFLINE_USAGE}`);
  const coins = values.get("--coins")?.split(",").map((c) => c.trim()).filter((c) => c !== "") ?? [...ARENA_COINS];
  return { fromDate, toDate, coins, entriesFile: values.get("--entries"), wallet };
}

/** Reads a forecasts file: a header `agent,coin,date,p` (any order), then one forecast per line; blank lines are skipped. */
export function readForecasts(text: string): ReplayEntry[] {
  const lines = text.split(/\r?\n/).filter((line) => line.trim() !== "");
  const header = (lines.shift() ?? "").split(",").map((h) => h.trim());
  const column = (name: string) => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`the forecasts file needs a header line with agent, coin, date and p (got "${header.join(",")}")`);
    return i;
  };
  const [agent, coin, date, p] = [column("agent"), column("coin"), column("date"), column("p")];
  return lines.map((line) => {
    const cells = line.split(",").map((c) => c.trim());
    return { agent: cells[agent] ?? "", coin: cells[coin] ?? "", date: cells[date] ?? "", p: cells[p] === undefined || cells[p] === "" ? Number.NaN : Number(cells[p]) };
  });
}

/** The address of the wallet `npm run call` pays from (WALLET_PRIVATE_KEY, else DATA_DIR/cli-wallet.json), if it has one. */
function callWalletAddress(cli: CliConfig): string | undefined {
  if (cli.walletPrivateKey !== undefined) return privateKeyToAccount(cli.walletPrivateKey).address;
  const file = path.resolve(cli.dataDir, "cli-wallet.json");
  if (!fs.existsSync(file)) return undefined;
  return privateKeyToAccount((JSON.parse(fs.readFileSync(file, "utf8")) as { privateKey: `0x${string}` }).privateKey).address;
}

/** The stored daily history of an arena coin: its mapped symbol's bars, read through the service's bar store. */
export function storedDailyHistory(marketData: MarketData): StoredDailyHistory {
  return {
    async dailyBars(coin, fromMs, toMs) {
      const symbol = resolveSymbol(coin);
      // Arena coins are Hyperliquid perps (BTC, xyz:GOLD): a plain stock ticker has a file but no perp.
      if (symbol.perpCoin !== coin) throw new AppError("UNKNOWN_TICKER", `${coin} is not a Hyperliquid coin (arena coins: BTC, ETH, SOL, xyz:GOLD, ...)`);
      const stem = offlineFileStem(symbol.source);
      const { bars } = await marketData.barCache.bars(symbol, "1d", fromMs, toMs);
      return { store: marketData.service.source, symbol: symbol.source, file: `${stem ?? symbol.source}.csv`, bars };
    },
  };
}

/**
 * `npm run arena:offline`: opens and settles arena rounds from the stored daily history (MARKET_DATA_DIR) in the
 * service's database, then enters a forecasts file if one is given. Returns the exit code; prints to `out`.
 */
export async function runArenaOffline(
  argv: readonly string[],
  config: Readonly<Config>,
  cli: CliConfig,
  database: Database,
  out: (line: string) => void,
  clock: Clock = systemClock,
): Promise<number> {
  const args = parseArenaOfflineArgs(argv);
  if (config.marketDataDir === undefined) {
    out("MARKET_DATA_DIR is not set: offline rounds are replayed from the stored daily history of a MARKET_DATA_DIR folder (e.g. ../shared/datasets/daily)");
    return 2;
  }
  const wallet = args.entriesFile === undefined ? undefined : (args.wallet ?? callWalletAddress(cli));
  if (args.entriesFile !== undefined && wallet === undefined) {
    out("--entries needs --wallet 0x... (the wallet the agent keys are bound to), or a wallet of npm run call (WALLET_PRIVATE_KEY or DATA_DIR/cli-wallet.json)");
    return 2;
  }
  const forecasts = args.entriesFile === undefined ? [] : readForecasts(fs.readFileSync(args.entriesFile, "utf8"));
  const marketData = buildMarketData(config, database, clock, {}, pino({ level: "silent" }));
  const offline = new OfflineRounds(storedDailyHistory(marketData), new ArenaRounds(database.db), new ArenaEntries(database.db));
  const nowMs = clock.nowMs();

  const report = await offline.replay({ coins: args.coins, fromDate: args.fromDate, toDate: args.toDate, nowMs });
  out(`offline rounds ${args.fromDate} to ${args.toDate} from ${config.marketDataDir}:`);
  for (const c of report.coins) {
    out(
      `  ${c.coin.padEnd(10)} ${c.file.padEnd(14)} ${c.opened} opened and settled (${c.yes} YES, ${c.opened - c.yes} NO)` +
        `${c.existing > 0 ? `, ${c.existing} already there` : ""}${c.notClosed > 0 ? `, ${c.notClosed} day(s) not closed yet` : ""}`,
    );
  }
  for (const s of report.skipped) out(`  ${s.coin.padEnd(10)} skipped: ${s.reason}`);
  if (wallet !== undefined) {
    const entered = await offline.enter(forecasts, wallet, nowMs, `arena-offline-${nowMs}`);
    out(`forecasts from ${args.entriesFile}: ${entered.entered} entered for wallet ${wallet.toLowerCase()}, ${entered.refused.length} refused`);
    for (const r of entered.refused) out(`  line ${r.index + 2} (${r.entry.agent},${r.entry.coin},${r.entry.date},${r.entry.p}): ${r.reason}`);
  }
  return 0;
}
