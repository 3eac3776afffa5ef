import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";

export const MCP_HTTP_PATH = "/mcp";

const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

/** Only a page or client on this machine may drive a server that pays from a local wallet (DNS rebinding). */
function isLocalRequest(request: Request, port: number): boolean {
  const host = request.headers.get("host");
  if (host === null || !LOOPBACK_HOSTS.some((name) => host === `${name}:${port}`)) return false;
  const origin = request.headers.get("origin");
  return origin === null || LOOPBACK_HOSTS.some((name) => origin === `http://${name}` || origin.startsWith(`http://${name}:`));
}

/**
 * Streamable HTTP on 127.0.0.1:<port>/mcp, stateless: each request gets a fresh protocol server over the
 * shared tool registry, client and spend budget (the budget is per process, not per connection).
 */
export async function serveMcpOverHttp(port: number, createServer: () => Server): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve) => {
    const server = serve(
      {
        hostname: "127.0.0.1",
        port,
        fetch: async (request) => {
          const actualPort = (server.address() as AddressInfo).port;
          if (new URL(request.url).pathname !== MCP_HTTP_PATH) return new Response("Not found: the MCP endpoint is /mcp\n", { status: 404 });
          if (!isLocalRequest(request, actualPort)) return new Response("Forbidden: only local clients may use this server\n", { status: 403 });
          const mcp = createServer();
          const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
          await mcp.connect(transport);
          try {
            return await transport.handleRequest(request);
          } finally {
            await mcp.close();
          }
        },
      },
      (info) => resolve({ server, port: info.port }),
    );
  });
}
