import { afterAll, beforeAll } from "vitest";
import { startTestService, type TestService, type TestServiceOptions } from "./test-service.js";

/**
 * The test service (startTestService) for the enclosing describe block: started before its tests and closed
 * after them. The returned function reads the started service, so it may be captured at describe time and
 * called inside tests and later hooks; the block's own beforeAll hooks run after the start.
 */
export function suiteService(options: TestServiceOptions = {}): () => TestService {
  let started: TestService | undefined;
  beforeAll(async () => {
    started = await startTestService(options);
  });
  afterAll(async () => {
    await started?.close();
  });
  return () => {
    if (started === undefined) throw new Error("suiteService: the service has not started (use it inside tests or hooks)");
    return started;
  };
}
