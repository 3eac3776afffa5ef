import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackService } from "../support/loopback-service.js";
import { closedLoopbackPort, MCP_BIN } from "../support/mcp-harness.js";
import { REPO_ROOT, SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";

/** Starts `precedent-mcp --http=<port>` and resolves once it says it listens. */
async function startHttpMcp(port: number, baseUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [MCP_BIN, `--http=${port}`], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PRECEDENT_URL: baseUrl },
    stdio: ["ignore", "ignore", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    let log = "";
    child.stderr!.on("data", (chunk: Buffer) => {
      log += chunk.toString("utf8");
      if (log.includes("Streamable HTTP on")) resolve();
    });
    child.on("exit", (code) => reject(new Error(`precedent-mcp exited with ${code}: ${log}`)));
  });
  return child;
}

/** A POST with a chosen Host header (fetch does not let a caller set one). */
function postWithHost(port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path: "/mcp", method: "POST", headers: { host, "content-type": "application/json" } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    request.on("error", reject);
    request.end(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }));
  });
}

describe.skipIf(!SHARED_PRESENT)("precedent-mcp over Streamable HTTP", () => {
  const { service, base } = loopbackService();
  let child: ChildProcess;
  let port: number;

  beforeAll(async () => {
    port = await closedLoopbackPort();
    child = await startHttpMcp(port, base());
  });
  afterAll(() => {
    child?.kill("SIGTERM");
  });

  it("serves the same tools on 127.0.0.1/mcp to the SDK's HTTP client", async () => {
    const client = new Client({ name: "precedent-http-test", version: "1.0.0" });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`)));
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(["get_latest_price", "verify_signature", "dev_faucet"]));
    const result = (await client.callTool({ name: "verify_signature", arguments: { body: "{}", sig: `0x${"ab".repeat(65)}` } })) as CallToolResult;
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ valid: false, signer: service().signer.address });
    await client.close();
  });

  it("refuses requests whose Host is not this machine (DNS rebinding)", async () => {
    expect(await postWithHost(port, `evil.example:${port}`)).toBe(403);
    expect(await postWithHost(port, `127.0.0.1:${port}`)).not.toBe(403);
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
