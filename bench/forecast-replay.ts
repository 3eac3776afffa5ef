/**
 * The forecast log's walk-forward replay (docs/track-record.md) run to completion over the shared daily dataset on
 * a fresh in-memory node, route by route: the worker time each route's decisions take, then the record
 * /api/track-record shows once every row is scored. The replay's tasks run one at a time, so the time is one
 * worker's. Prints two tables; `--routes a,b` and `--tickers X,Y` replay only those; `--save <file>` writes the
 * record's answer there as an example file (src/contracts/track-record/track-record.example.json).
 *
 *   npm run bench:forecast-replay [-- --routes playbook,macro_analog] [-- --tickers SPY,NVDA]
 */
import fs from "node:fs";
import pino from "pino";
import { startTestService } from "../test/support/test-service.js";
import { headerLine, rowLine, type Column } from "./text-table.js";

const args = process.argv.slice(2);
const routesAt = args.indexOf("--routes");
const only = routesAt >= 0 ? args[routesAt + 1].split(",") : undefined;
const tickersAt = args.indexOf("--tickers");
const tickers = tickersAt >= 0 ? args[tickersAt + 1].split(",") : undefined;
const saveAt = args.indexOf("--save");
const saveTo = saveAt >= 0 ? args[saveAt + 1] : undefined;
const logger = pino({ level: "silent" });

function table(header: string[], rows: string[][]): void {
  const columns: Column<string[]>[] = header.map((title, i) => [title, Math.max(title.length, ...rows.map((r) => r[i].length)), (r) => r[i]]);
  console.log(headerLine(columns));
  for (const row of rows) console.log(rowLine(columns, row));
}

const service = await startTestService({ ownSearchWorkers: true });
try {
  const { replay, scorer } = service.trackRecord;
  const timing: string[][] = [];
  let totalMs = 0;
  for (const route of replay.routes) {
    if (only !== undefined && !only.includes(route.route)) continue;
    const started = performance.now();
    const report = await replay.run({ budgetMs: Number.POSITIVE_INFINITY, nowMs: () => performance.now(), logger, routes: [route.route], tickers });
    const ms = performance.now() - started;
    totalMs += ms;
    timing.push([route.route, String(report.tickers), String(report.decisions), String(report.rows), `${(ms / 1000).toFixed(1)} s`, `${(ms / Math.max(1, report.decisions)).toFixed(1)} ms`]);
    console.error(`${route.route}: ${report.decisions} decisions in ${(ms / 1000).toFixed(1)} s`);
  }
  timing.push(["all", "", "", "", `${(totalMs / 60_000).toFixed(1)} min`, ""]);
  console.log("Forecast replay over the shared daily dataset (one worker at a time; logging included)");
  table(["route", "tickers", "decisions", "rows", "time", "per decision"], timing);

  await scorer.scoreDue(Date.now(), logger);
  const body = (await (await service.app.request("/api/track-record")).json()) as { replay: { rows: number; groups: Record<string, any>[] } };
  // The documented example of /api/track-record is this answer (scripts/examples/example-registry.ts).
  if (saveTo !== undefined) fs.writeFileSync(saveTo, `${JSON.stringify({ params: {}, response: body }, null, 2)}\n`);
  const pct = (x: number | null | undefined) => (x === null || x === undefined ? "-" : `${(x * 100).toFixed(1)}%`);
  const interval = (p: { rate: number | null; low: number | null; high: number | null } | null) =>
    p === null || p.rate === null ? "-" : `${pct(p.rate)} (${pct(p.low)}-${pct(p.high)})`;
  const num = (x: number | null | undefined, digits = 3) => (x === null || x === undefined ? "-" : x.toFixed(digits));
  const rows = body.replay.groups.map((g) => [
    `${g.route}, ${g.horizon} ${g.horizon_unit === "bars" ? "bars" : "d"}`,
    String(g.scored),
    interval(g.range_coverage),
    interval(g.hit_rate),
    pct(g.baseline_hit_rate.rate),
    `${num(g.volatility.analogs_log_error, 2)} (${num(g.volatility.trailing_log_error, 2)})`,
    g.brier.forecast === null ? "-" : `${num(g.brier.forecast)} (${num(g.brier.baseline)})`,
    g.directional_excess === null || g.directional_excess?.mean === null ? "-" : `${pct(g.directional_excess.mean)} (${pct(g.directional_excess.low)} to ${pct(g.directional_excess.high)})`,
  ]);
  console.log(`\nThe replayed record once scored (${body.replay.rows} rows)`);
  table(["route, horizon", "scored", "in P10-P90 (nominal 80%)", "hit rate", "baseline's side", "vol log error (trailing)", "Brier (baseline)", "directional excess"], rows);
} finally {
  await service.close();
}
