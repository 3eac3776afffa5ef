import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, expect, it } from "vitest";
import { SnapshotCache } from "../../src/services/feeds/snapshot-cache.js";
import { createDatabase } from "../../src/storage/create-database.js";
import { FeedSnapshots } from "../../src/storage/repos/feed-snapshots.js";
import { nodeArgsFor } from "../support/entry-point.js";
import { describeWithShared } from "../support/replay-fetch.js";
import { REPO_ROOT, SHARED_DIR } from "../support/shared-paths.js";

const run = promisify(execFile);

describeWithShared("npm run snapshots:import, end to end", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-import-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("loads the recordings into the service's database with their own times, reports skips, and is idempotent", async () => {
    const args = [...nodeArgsFor("src/main/snapshots-import-cli.ts"), path.join(SHARED_DIR, "fixtures")];
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
    const first = await run(process.execPath, args, { cwd: REPO_ROOT, env });
    expect(first.stdout).toMatch(/imported {2}cnn-fear-greed +latest +fetched_at 2022-04-25T16:21:09\.254Z/);
    expect(first.stdout).toMatch(/skipped {3}forexfactory\/ff_calendar_thisweek\.week-of-2022-08-14\.json: the recording does not say when it was made/);
    const counts = /(\d+) snapshot\(s\) imported, (\d+) recording\(s\) skipped/.exec(first.stdout);
    expect(Number(counts?.[1])).toBeGreaterThanOrEqual(13);
    await run(process.execPath, args, { cwd: REPO_ROOT, env });

    const database = await createDatabase({ kind: "sqlite", file: path.join(dataDir, "precedent.sqlite") });
    try {
      const rows = await database.db.selectFrom("feed_snapshots").select(["source", "key", "fetched_at_ms"]).execute();
      expect(rows).toHaveLength(Number(counts?.[1])); // a second import adds nothing
      const cache = new SnapshotCache(new FeedSnapshots(database.db), { nowMs: () => Date.now() }, { warn: () => undefined });
      const earnings = await cache.latest<Array<{ symbol: string }>>("nasdaq-earnings", "2024-07-01");
      expect(earnings?.value).toHaveLength(39);
      expect(new Date(earnings!.fetchedAtMs).toISOString()).toBe("2024-07-01T00:00:00.000Z");
    } finally {
      await database.close();
    }
  });
});
