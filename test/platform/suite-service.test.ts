import fs from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { suiteService } from "../support/suite-service.js";

let dataDir: string | undefined;
// Runs after the describe block's own hooks: the service has been closed (its data directory is gone).
afterAll(() => {
  expect(dataDir).toBeDefined();
  expect(fs.existsSync(dataDir!)).toBe(false);
});

describe("suiteService", () => {
  const service = suiteService({ importRecordings: false });
  const atDescribeTime = (() => {
    try {
      return service();
    } catch (error) {
      return error;
    }
  })();

  it("says it has not started when read at describe time, and answers once started", async () => {
    expect(String(atDescribeTime)).toMatch(/has not started/);
    expect((await service().app.request("/llms.txt")).status).toBe(200);
    dataDir = service().dataDir;
    expect(fs.existsSync(dataDir)).toBe(true);
  });
});
