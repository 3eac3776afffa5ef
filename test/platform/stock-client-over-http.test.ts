import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { loopbackService } from "../support/loopback-service.js";
import { REPO_ROOT, SHARED_PRESENT } from "../support/shared-paths.js";

/** The service on a real loopback socket, paid by the stock @x402/fetch client and by our CLI, as a newcomer would. */
describe.skipIf(!SHARED_PRESENT)("paying over HTTP with stock clients", () => {
  const loopback = loopbackService();

  it("pays with @x402/fetch after funding from the faucet", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const faucet = await fetch(`${loopback.base()}/dev/faucet?address=${account.address}&amount=1`, { method: "POST" });
    expect(faucet.status).toBe(200);
    const client = new x402Client();
    registerExactEvmScheme(client, { signer: account });
    const payingFetch = wrapFetchWithPayment(fetch, client);
    const res = await payingFetch(`${loopback.base()}/get_latest_price?ticker=NVDA`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.headers.get("payment-response")).not.toBeNull();
    expect(((await res.json()) as { ticker: string }).ticker).toBe("NVDA");
    expect(await loopback.service().embedded!.balanceOf(account.address)).toBe(999_000n);
  });

  it("pays with the CLI, which funds itself and checks the signature", async () => {
    const { stdout, stderr } = await promisify(execFile)(
      path.join(REPO_ROOT, "node_modules/.bin/tsx"),
      ["src/main/cli.ts", "/get_price_history", "ticker=SPY", "start_date=2024-03-01", "end_date=2024-03-05", `--base=${loopback.base()}`],
      { cwd: REPO_ROOT, env: { ...process.env, WALLET_PRIVATE_KEY: generatePrivateKey() }, timeout: 60_000 },
    );
    expect(stderr).toContain("HTTP 200");
    expect(stderr).toContain("signature: valid");
    expect(stderr).toContain('"success":true');
    expect((JSON.parse(stdout) as { bars: unknown[] }).bars).toHaveLength(3);
  });
});
