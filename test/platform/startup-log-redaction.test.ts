import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { redactUrl } from "../../src/config/redact-url.js";
import { nodeArgsFor } from "../support/entry-point.js";
import { startTestService } from "../support/test-service.js";
import { DAILY_DATASET_DIR } from "../support/shared-paths.js";

/** A loopback port nobody listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe("credentials in configured URLs never reach the log", () => {
  it("redacts user, password and secret-looking query values, keeping host and path", () => {
    expect(redactUrl("http://user:s3cret@facilitator.example:8080/x402?apiKey=k1&mode=a")).toBe(
      "http://REDACTED:REDACTED@facilitator.example:8080/x402?apiKey=REDACTED&mode=a",
    );
    expect(redactUrl("postgres://app:hunter2@db.internal:5432/precedent")).toBe("postgres://REDACTED:REDACTED@db.internal:5432/precedent");
    expect(redactUrl("https://x402.org/facilitator")).toBe("https://x402.org/facilitator");
    expect(redactUrl("not a url with secret")).not.toContain("secret");
  });

  it("keeps FACILITATOR credentials out of the URL and sends them to the facilitator as Basic auth", async () => {
    const seen: Array<{ url?: string; authorization?: string }> = [];
    const fake = http.createServer((req, res) => {
      seen.push({ url: req.url, authorization: req.headers.authorization });
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    const port = (fake.address() as net.AddressInfo).port;
    const env = { FACILITATOR: `http://pay%40user:s3cret@127.0.0.1:${port}/fac`, PAY_TO: "0x000000000000000000000000000000000000dEaD" };
    const config = loadConfig({ ...env, DATA_DIR: os.tmpdir() });
    expect(config.facilitator).toMatchObject({ mode: "remote", url: `http://127.0.0.1:${port}/fac` });
    try {
      // The start-up check asks /supported first; this fake answers 503, so the node refuses to start, without
      // the credentials in its message, after sending them as Basic auth.
      await expect(startTestService({ env })).rejects.toThrow(/refusing to start/);
      expect(seen.length).toBeGreaterThan(0);
      expect(seen[0]).toEqual({ url: "/fac/supported", authorization: `Basic ${Buffer.from("pay@user:s3cret").toString("base64")}` });
    } finally {
      fake.close();
    }
  });

  it("prints the facilitator URL without its credentials when the server starts", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-redaction-"));
    const facilitatorPort = await closedPort();
    const child = spawn(process.execPath, nodeArgsFor("src/main/server.ts"), {
      env: {
        PATH: process.env.PATH,
        PORT: "0",
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        MARKET_DATA_DIR: DAILY_DATASET_DIR,
        FACILITATOR: `http://payuser:hunter2-secret@127.0.0.1:${facilitatorPort}/facilitator`,
        PAY_TO: "0x000000000000000000000000000000000000dEaD",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    try {
      // Either it listens (and says where payments go), or it refuses to start: both must be redacted.
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 60_000);
        const done = () => {
          clearTimeout(timer);
          resolve();
        };
        child.once("exit", done);
        child.stdout.on("data", () => {
          if (output.includes("listening")) setTimeout(done, 500);
        });
      });
      expect(output).not.toBe("");
      // When it listens, the startup line still names the facilitator (host, port and path; no credentials).
      if (output.includes("listening")) expect(output).toContain(`"facilitator":"http://127.0.0.1:${facilitatorPort}/facilitator"`);
      expect(output).not.toContain("hunter2");
      expect(output).not.toContain("payuser");
    } finally {
      child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
