import { generateKeyPairSync } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FacilitatorUnusableError } from "../../src/payments/facilitator-startup-check.js";
import { startStandaloneFacilitator, type StandaloneFacilitator } from "../../src/main/standalone-facilitator.js";
import { createRemotePayer, payOn } from "../support/remote-payer.js";
import { startServiceOnDataDir } from "../support/test-service.js";
import { SHARED_MISSING_REASON, SHARED_PRESENT } from "../support/shared-paths.js";

const silent = pino({ level: "silent" });
const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `precedent-${name}-`));

describe.skipIf(!SHARED_PRESENT)("npm run facilitator: the standalone facilitator", () => {
  const facilitatorDir = tempDir("facilitator");
  const nodeDir = tempDir("node");
  let facilitator: StandaloneFacilitator;
  beforeAll(async () => {
    facilitator = await startStandaloneFacilitator({ dataDir: facilitatorDir, port: 0, host: "127.0.0.1", logger: silent });
  });
  afterAll(async () => {
    await facilitator?.close();
    fs.rmSync(facilitatorDir, { recursive: true, force: true });
    fs.rmSync(nodeDir, { recursive: true, force: true });
  });

  it("serves /supported with exact on eip155:8453, and a node paid through it uses its payTo", async () => {
    const supported = (await (await fetch(`${facilitator.url}/supported`)).json()) as { kinds: { x402Version: number; scheme: string; network: string }[] };
    expect(supported.kinds).toContainEqual(expect.objectContaining({ x402Version: 2, scheme: "exact", network: "eip155:8453" }));

    const node = await startServiceOnDataDir(nodeDir, { FACILITATOR: facilitator.url });
    try {
      expect(node.payTo).toBe(facilitator.payTo);
      const payer = await createRemotePayer(facilitator.network);
      const header = await payer.paymentFor(node.app, "/api");
      const res = await payOn(node, header);
      expect(res.status).toBe(200);
      expect(await payer.balance()).toBe(9_990_000n);
      expect(await facilitator.network.balanceOf(facilitator.payTo as `0x${string}`)).toBe(10_000n);
    } finally {
      await node.close();
    }
  });

  it("keeps balances and used nonces across its own restart (chain journal in its data directory)", async () => {
    const payer = await createRemotePayer(facilitator.network);
    const node = await startServiceOnDataDir(tempDir("node2"), { FACILITATOR: facilitator.url });
    const header = await payer.paymentFor(node.app, "/api");
    expect((await payOn(node, header)).status).toBe(200);
    await node.close();
    const payToBefore = await facilitator.network.balanceOf(facilitator.payTo as `0x${string}`);
    const { payload } = JSON.parse(Buffer.from(header, "base64").toString()) as { payload: { authorization: { from: `0x${string}`; nonce: `0x${string}` } } };

    await facilitator.close();
    facilitator = await startStandaloneFacilitator({ dataDir: facilitatorDir, port: 0, host: "127.0.0.1", logger: silent });
    expect(facilitator.network.replayedTransactions).toBeGreaterThan(0);
    expect(await facilitator.network.balanceOf(payer.account.address)).toBe(9_990_000n);
    expect(await facilitator.network.balanceOf(facilitator.payTo as `0x${string}`)).toBe(payToBefore);
    expect((await facilitator.network.authorizationState(payload.authorization.from, payload.authorization.nonce)).used).toBe(true);

    // The replayed chain runs on: a new payment settles at the current time.
    const after = await startServiceOnDataDir(tempDir("node3"), { FACILITATOR: facilitator.url });
    try {
      const next = await payer.paymentFor(after.app, "/api");
      expect((await payOn(after, next)).status).toBe(200);
      expect(await facilitator.network.balanceOf(payer.account.address)).toBe(9_980_000n);
    } finally {
      await after.close();
    }
  });
});

describe("a node refuses to start without a facilitator that settles exact on Base", () => {
  let notAFacilitator: http.Server;
  let url: string;
  beforeAll(async () => {
    notAFacilitator = http.createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html" }).end("<html>hello, I am a blog</html>");
    });
    await new Promise<void>((resolve) => notAFacilitator.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(notAFacilitator.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => notAFacilitator.close(() => resolve()));
  });

  it("when the URL is not a facilitator", async () => {
    const dir = tempDir("nofac");
    await expect(startServiceOnDataDir(dir, { FACILITATOR: url, PAY_TO: `0x${"ab".repeat(20)}` })).rejects.toThrowError(FacilitatorUnusableError);
    await expect(startServiceOnDataDir(dir, { FACILITATOR: url, PAY_TO: `0x${"ab".repeat(20)}` })).rejects.toThrowError(/refusing to start/);
  });

  it("when the facilitator is unreachable, without echoing credentials from its URL", async () => {
    const attempt = startServiceOnDataDir(tempDir("unreach"), { FACILITATOR: "http://user:secret@127.0.0.1:1", PAY_TO: `0x${"ab".repeat(20)}` });
    await expect(attempt).rejects.toThrowError(FacilitatorUnusableError);
    await expect(attempt).rejects.not.toThrowError(/secret/);
  });
});

describe.skipIf(!SHARED_PRESENT)("CDP request signing", () => {
  it("signs every facilitator request with the CDP key through @coinbase/x402 (a JWT per request)", async () => {
    const seen: string[] = [];
    const fake = http.createServer((req, res) => {
      seen.push(`${req.method} ${req.url} ${req.headers.authorization ?? "(none)"}`);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ kinds: [{ x402Version: 2, scheme: "exact", network: "eip155:8453" }], extensions: [], signers: {} }));
    });
    await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
    const { privateKey } = generateKeyPairSync("ed25519");
    const jwk = privateKey.export({ format: "jwk" }) as { d: string; x: string };
    const secret = Buffer.concat([Buffer.from(jwk.d, "base64url"), Buffer.from(jwk.x, "base64url")]).toString("base64");
    try {
      const node = await startServiceOnDataDir(tempDir("cdp"), {
        FACILITATOR: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
        PAY_TO: `0x${"ab".repeat(20)}`,
        CDP_API_KEY_ID: "organizations/test/apiKeys/test-key",
        CDP_API_KEY_SECRET: secret,
      });
      await node.close();
      const supported = seen.find((line) => line.startsWith("GET /supported"));
      const token = supported?.split(" ")[3] ?? "";
      expect(supported).toMatch(/ Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
      const claims = JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as { sub: string; iss: string };
      expect(claims).toMatchObject({ sub: "organizations/test/apiKeys/test-key", iss: "cdp" });
    } finally {
      await new Promise<void>((resolve) => fake.close(() => resolve()));
    }
  });
});

if (!SHARED_PRESENT) console.warn(SHARED_MISSING_REASON);
