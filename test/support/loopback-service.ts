import { afterAll, beforeAll } from "vitest";
import { startLoopback, type LoopbackServer } from "./start-loopback.js";
import { suiteService } from "./suite-service.js";
import type { TestServiceOptions } from "./test-service.js";

/**
 * The test service on a real loopback socket for the enclosing describe block (started and closed by its
 * hooks, the socket closed before the service), for clients that speak HTTP themselves. The getters read the
 * started service lazily.
 */
export function loopbackService(options: TestServiceOptions = {}) {
  const service = suiteService(options);
  let loopback: LoopbackServer | undefined;
  beforeAll(async () => {
    loopback = await startLoopback(service());
  });
  afterAll(async () => {
    await loopback?.close();
  });
  return {
    service,
    /** `http://127.0.0.1:<port>`, once started. */
    base: () => loopback!.baseUrl,
  };
}
