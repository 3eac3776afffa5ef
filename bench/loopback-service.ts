/**
 * The service of the HTTP benchmarks: the test service (embedded chain, the shared daily dataset, offline) with
 * its SQLite database in a file, as `npm start` keeps it, served on a free loopback port in this process, and
 * a payer funded for thousands of calls.
 */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createTestPayer, type TestPayer } from "../test/support/test-payer.js";
import { startTestService, type TestService } from "../test/support/test-service.js";

export interface LoopbackService {
  service: TestService;
  /** http://127.0.0.1:<port> */
  base: string;
  payer: TestPayer;
  /** Stops listening, then closes the service. */
  close(): Promise<void>;
}

export async function loopbackService(): Promise<LoopbackService> {
  const service = await startTestService({ databaseOnDisk: true });
  const server = serve({ fetch: service.app.fetch, hostname: "127.0.0.1", port: 0 });
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const payer = await createTestPayer(service, 1_000_000_000n);
  return {
    service,
    base,
    payer,
    close: async () => {
      server.close();
      await service.close();
    },
  };
}
