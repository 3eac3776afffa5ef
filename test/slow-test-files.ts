/**
 * The files of `npm run test:slow`, which CI runs beside `npm test`: each takes many seconds because of what it
 * is, not because of how it is written. Everything else belongs in `npm test`, which must stay a few minutes.
 */
export const SLOW_TEST_FILES = [
  // A soak: every odd value of every parameter of every route, against the error model.
  "test/contracts/caller-input-robustness.test.ts",
  // The same for the names every object inherits (constructor, __proto__, toString...), as values and as body keys.
  "test/contracts/prototype-keys.test.ts",
  // Whole-history replays of the trading signal against an independent oracle, one as-of date at a time.
  "test/trading/signal-backtest.test.ts",
  // A sweep of the volatility rank over every dataset file, short and long windows, many as-of bars.
  "test/forecasts/regime-volatility-rank.test.ts",
  // Seeded coverage simulations of every interval kind (thousands of trials each), and a sweep of 48 universe searches.
  "test/statistics/interval-coverage.test.ts",
  "test/patterns/universe-pooling-sweep.test.ts",
  // Pages for people, driven in a real browser (Debian's chromium).
  "test/web/web-page.test.ts",
  "test/demand/what-agents-want-browser.test.ts",
  "test/web/track-record-browser.test.ts",
  // Child service processes killed (SIGKILL) at each step of a settlement, on SQLite and PostgreSQL.
  "test/payments/settlement-crash.test.ts",
  // A child node killed mid-webhook on PostgreSQL; the survivor resends once the claim's 30-second lease lapses.
  "test/alerts/delivery-crash.test.ts",
  // Processes spawned through npm and tsx (start-up refusals, import scripts, the signature recipe run by bash).
  "test/platform/newcomer-path.test.ts",
  // 400 seeded differencing attacks on the demand reports' noise.
  "test/demand/demand-privacy-attack.test.ts",
  // Two MCP servers over stdio against an embedded service, every tool group listed and measured.
  "test/mcp/mcp-toolsets.test.ts",
  // Two nodes on PostgreSQL, each with its own pg-boss instance, pool and search worker, taking universe shard jobs.
  "test/patterns/universe-shard-jobs.test.ts",
];
