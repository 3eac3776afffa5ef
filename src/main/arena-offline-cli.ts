import { loadCliConfig } from "../config/cli-config.js";
import { loadConfig } from "../config/config.js";
import { createDatabase } from "../storage/create-database.js";
import { ARENA_OFFLINE_USAGE, runArenaOffline } from "./arena-offline.js";
import { databaseTargetOf, exitOnRefusal } from "./startup-steps.js";

/** `npm run arena:offline -- --from ... --to ...`: arena rounds replayed from the stored daily history (docs/arena.md). */
async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv.includes("--help")) {
    console.error(ARENA_OFFLINE_USAGE);
    process.exit(2);
  }
  const config = await exitOnRefusal(() => loadConfig());
  const database = await createDatabase(databaseTargetOf(config));
  let code: number;
  try {
    code = await runArenaOffline(argv, config, loadCliConfig(), database, (line) => console.log(line));
  } catch (error) {
    // A bad argument or forecasts file is the operator's to fix: its message, not a stack.
    if (!(error instanceof Error) || !/usage:|forecasts file|ENOENT/.test(error.message)) throw error;
    console.error(error.message);
    code = 2;
  } finally {
    await database.close();
  }
  process.exit(code);
}

await main();
