import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import type { Service } from "../../src/main/build-service.js";

export interface LoopbackServer {
  /** `http://127.0.0.1:<port>` */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * The service's app behind a real HTTP server on 127.0.0.1 (port 0), so clients go through fetch and sockets as
 * in production, and other processes (the MCP server) can call it.
 */
export async function startLoopback(service: Service): Promise<LoopbackServer> {
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: service.app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
