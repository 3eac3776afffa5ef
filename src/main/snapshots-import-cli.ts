import pino from "pino";
import { loadConfig } from "../config/config.js";
import { systemClock } from "../domain/clock.js";
import { SnapshotCache } from "../services/feeds/snapshot-cache.js";
import { createDatabase } from "../storage/create-database.js";
import { FeedSnapshots } from "../storage/repos/feed-snapshots.js";
import { importSnapshots, RecordingsNotFoundError } from "./import-snapshots.js";
import { databaseTargetOf, exitOnRefusal } from "./startup-steps.js";

/** `npm run snapshots:import <dir>`: loads recorded upstream answers into the database the service uses. */
async function main(): Promise<void> {
  const dir = process.argv[2];
  if (dir === undefined) {
    console.error("usage: npm run snapshots:import <dir>   (e.g. ../shared/fixtures)");
    process.exit(2);
  }
  const config = await exitOnRefusal(() => loadConfig());
  const database = await createDatabase(databaseTargetOf(config));
  try {
    const cache = new SnapshotCache(new FeedSnapshots(database.db), systemClock, pino({ level: config.logLevel }));
    // A wrong path is one line and exit 2, not "0 imported" and success.
    const report = await exitOnRefusal(() => importSnapshots(cache, dir), [RecordingsNotFoundError]);
    for (const s of report.imported) console.log(`imported  ${s.source.padEnd(24)} ${s.key.padEnd(40)} fetched_at ${new Date(s.fetchedAtMs).toISOString()}  <- ${s.file}`);
    for (const s of report.skipped) console.log(`skipped   ${s.file}: ${s.reason}`);
    console.log(`${report.imported.length} snapshot(s) imported, ${report.skipped.length} recording(s) skipped`);
  } finally {
    await database.close();
  }
}

await main();
