import { loadConfig } from "../config/config.js";
import { createDatabase } from "../storage/create-database.js";
import { IndexMirror } from "../storage/repos/index-mirror.js";
import { CrawlFileError, importCrawlFile } from "./import-mirrors.js";
import { databaseTargetOf, exitOnRefusal } from "./startup-steps.js";

/** `npm run mirrors:import <file>`: loads a recorded discovery-index crawl into the database the service uses. */
async function main(): Promise<void> {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error("usage: npm run mirrors:import <file> [...]   (e.g. ../shared/fixtures/x402/cdp-bazaar-discovery-resources.crawl-2025-12-31.json)");
    process.exit(2);
  }
  const config = await exitOnRefusal(() => loadConfig());
  const database = await createDatabase(databaseTargetOf(config));
  try {
    const mirror = new IndexMirror(database.db);
    for (const file of files) {
      // A missing or malformed file is one line and exit 2 (files before it stay imported), never a stack trace.
      const s = await exitOnRefusal(() => importCrawlFile(mirror, file), [CrawlFileError]);
      console.log(
        `imported  ${s.index} crawled_at ${new Date(s.crawledAtMs).toISOString()}: ${s.items} item(s) -> ${s.resources} listing(s) ` +
          `(${s.duplicates} duplicate(s), ${s.rejected} rejected${s.partial ? ", partial crawl" : ""})  <- ${file}`,
      );
    }
  } finally {
    await database.close();
  }
}

await main();
