import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { promisify } from "node:util";
import { serve, type ServerType } from "@hono/node-server";
import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT, SHARED_PRESENT } from "../support/shared-paths.js";
import { startTestService } from "../support/test-service.js";

type TestService = Awaited<ReturnType<typeof startTestService>>;

/** The service on a real loopback socket, paid by the stock @x402/fetch client and by our CLI, as a newcomer would. */
describe.skipIf(!SHARED_PRESENT)("paying over HTTP with stock clients", () => {
  let service: TestService;
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    service = await startTestService();
    server = serve({ fetch: service.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await service?.close();
  });

  it("pays with @x402/fetch after funding from the faucet", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const faucet = await fetch(`${base}/dev/faucet?address=${account.address}&amount=1`, { method: "POST" });
    expect(faucet.status).toBe(200);
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: account });
    const payingFetch = wrapFetchWithPayment(fetch, client);
    const res = await payingFetch(`${base}/get_latest_price?ticker=NVDA`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.headers.get("payment-response")).not.toBeNull();
    expect(((await res.json()) as { ticker: string }).ticker).toBe("NVDA");
    expect(await service.embedded!.balanceOf(account.address)).toBe(999_000n);
  });

  it("pays with the CLI, which funds itself and checks the signature", async () => {
    const { stdout, stderr } = await promisify(execFile)(
      path.join(REPO_ROOT, "node_modules/.bin/tsx"),
      ["src/main/cli.ts", "/get_price_history", "ticker=SPY", "start_date=2024-03-01", "end_date=2024-03-05", `--base=${base}`],
      { cwd: REPO_ROOT, env: { ...process.env, WALLET_PRIVATE_KEY: generatePrivateKey() }, timeout: 60_000 },
    );
    expect(stderr).toContain("HTTP 200");
    expect(stderr).toContain("signature: valid");
    expect(stderr).toContain('"success":true');
    expect((JSON.parse(stdout) as { bars: unknown[] }).bars).toHaveLength(3);
  });
});
