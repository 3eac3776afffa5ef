import fs from "node:fs";
import { test } from "vitest";
import pino from "pino";
import { startTestService } from "./support/test-service.js";

test("measure", async () => {
  const s = await startTestService();
  const t0 = Date.now();
  const report = await s.trackRecord.replay.run({ budgetMs: 3_000_000, nowMs: () => Date.now(), logger: pino({ level: "silent" }) });
  const t1 = Date.now();
  const sc = await s.trackRecord.scorer.scoreDue(Date.now(), pino({ level: "silent" }));
  const res = await s.app.request("/api/track-record");
  const body = await res.json();
  fs.writeFileSync("/tmp/trk/record.json", JSON.stringify(body, null, 1));
  console.log(res.status, report, "replay ms", t1 - t0, "score ms", Date.now() - t1, sc);
  await s.close();
}, 3_000_000);
