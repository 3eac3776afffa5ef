import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll } from "vitest";
import { startTestService, type TestServiceOptions } from "./test-service.js";

export type LoopbackService = Awaited<ReturnType<typeof startTestService>>;

/**
 * The test service on a real loopback socket for the enclosing describe block (started and closed by its
 * hooks), for clients that speak HTTP themselves. The getters read the started service lazily.
 */
export function loopbackService(options: TestServiceOptions = {}) {
  let service: LoopbackService | undefined;
  let server: ServerType | undefined;
  let base = "";
  beforeAll(async () => {
    service = await startTestService(options);
    server = serve({ fetch: service.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server!.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => (server === undefined ? resolve(undefined) : server.close(resolve)));
    await service?.close();
  });
  return {
    service: () => service!,
    /** `http://127.0.0.1:<port>`, once started. */
    base: () => base,
  };
}
