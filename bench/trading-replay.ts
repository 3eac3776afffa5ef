/**
 * The trading rules replayed walk-forward over every daily history of the shared dataset (or a folder given as
 * the first argument), beside buy-and-hold over the same periods and random entries of the same exposure: the
 * figures /trading/performance?mode=backtest gives per ticker, in one table. In-process, one core.
 *
 *   npm run bench:trading-replay [-- <folder of CSVs>] [-- --horizon 30]
 */
import fs from "node:fs";
import path from "node:path";
import { prepareSeries } from "../src/core/prepared-series.js";
import { toPriceSeries } from "../src/analytics/price-series.js";
import { replayStretch } from "../src/analytics/signal-replay.js";
import { SIGNAL_RULES_VERSION } from "../src/analytics/signal-rules.js";
import { compareWithBaselines } from "../src/analytics/trading-baselines.js";
import { parseBarsCsv } from "../src/providers/prices/offline/csv-bars-parser.js";
import { DAILY_DATASET_DIR } from "../test/support/shared-paths.js";
import { headerLine, rowLine, type Column } from "./text-table.js";

const args = process.argv.slice(2);
const horizonAt = args.indexOf("--horizon");
const horizonDays = horizonAt >= 0 ? Number(args[horizonAt + 1]) : 30;
const folder = args.find((a, i) => !a.startsWith("--") && args[i - 1] !== "--horizon") ?? DAILY_DATASET_DIR;
const pct = (x: number | null | undefined) => (x === null || x === undefined ? "-" : `${(x * 100).toFixed(2)}%`);

const rows: string[][] = [];
for (const file of fs.readdirSync(folder).filter((f) => f.endsWith(".csv")).sort()) {
  const ticker = file.replace(/\.csv$/, "");
  const series = toPriceSeries(ticker, "1d", parseBarsCsv(fs.readFileSync(path.join(folder, file), "utf8"), file));
  const prepared = prepareSeries(series.closes, series.breakBefore);
  const started = performance.now();
  const { signals } = replayStretch(series, prepared, horizonDays, 0, Number.MAX_SAFE_INTEGER);
  const b = compareWithBaselines(signals, () => series);
  const trades = signals.filter((s) => s.status === "scored" && s.direction !== "flat");
  const stopped = trades.filter((s) => s.outcome!.exit === "stop").length;
  rows.push([
    ticker,
    String(signals.length),
    String(trades.length),
    trades.length === 0 ? "-" : `${((trades.filter((s) => s.outcome!.signalReturn > 0).length / trades.length) * 100).toFixed(0)}%`,
    trades.length === 0 ? "-" : `${((stopped / trades.length) * 100).toFixed(0)}%`,
    pct(b.strategy.mean),
    pct(b.buyAndHold.mean),
    b.excessOverHold.interval === null ? pct(b.excessOverHold.mean) : `${pct(b.excessOverHold.mean)} [${pct(b.excessOverHold.interval.low)}, ${pct(b.excessOverHold.interval.high)}]`,
    b.randomEntry === null ? "-" : `${pct(b.randomEntry.mean)} [${pct(b.randomEntry.low)}, ${pct(b.randomEntry.high)}]`,
    b.randomEntry === null ? "-" : `${(b.randomEntry.strategyBeats * 100).toFixed(0)}%`,
    `${((performance.now() - started) / 1000).toFixed(1)} s`,
  ]);
}
console.log(`Trading rules version ${SIGNAL_RULES_VERSION}, replayed walk-forward at ${horizonDays}-day horizons (non-overlapping), ${folder}`);
const header = ["ticker", "signals", "trades", "win", "stopped", "mean/trade", "hold", "excess [90%]", "random [5-95%]", "beats", "time"];
const columns: Column<string[]>[] = header.map((title, i) => [title, Math.max(title.length, ...rows.map((r) => r[i].length)), (r) => r[i]]);
console.log(headerLine(columns));
for (const row of rows) console.log(rowLine(columns, row));
