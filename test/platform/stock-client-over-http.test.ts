import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { nodeArgsFor } from "../support/entry-point.js";
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
      process.execPath,
      [...nodeArgsFor("src/main/cli.ts"), "/get_price_history", "ticker=SPY", "start_date=2024-03-01", "end_date=2024-03-05", `--base=${loopback.base()}`],
      { cwd: REPO_ROOT, env: { ...process.env, WALLET_PRIVATE_KEY: generatePrivateKey() }, timeout: 60_000 },
    );
    expect(stderr).toContain("HTTP 200");
    expect(stderr).toContain("signature: valid");
    expect(stderr).toContain('"success":true');
    expect((JSON.parse(stdout) as { bars: unknown[] }).bars).toHaveLength(3);
  });

  const runCli = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(process.execPath, [...nodeArgsFor("src/main/cli.ts"), ...args, `--base=${loopback.base()}`], {
      cwd: REPO_ROOT,
      env: { ...process.env, WALLET_PRIVATE_KEY: "", ...env },
      timeout: 60_000,
      encoding: "buffer",
    });

  it("reuses one wallet kept in DATA_DIR (0600), funding it only when a payment is refused for lack of funds", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-cli-"));
    try {
      const first = await runCli(["/get_latest_price", "ticker=AAPL"], { DATA_DIR: dataDir });
      expect(first.stderr.toString()).toContain("funded");
      const walletFile = path.join(dataDir, "cli-wallet.json");
      expect(fs.statSync(walletFile).mode & 0o777).toBe(0o600);
      const second = await runCli(["/get_latest_price", "ticker=MSFT"], { DATA_DIR: dataDir });
      expect(second.stderr.toString()).toContain("HTTP 200");
      expect(second.stderr.toString()).not.toContain("funded");
      const { privateKey } = JSON.parse(fs.readFileSync(walletFile, "utf8")) as { privateKey: `0x${string}` };
      // Funded once with 1 USDC, two calls at 0.001 each.
      expect(await loopback.service().embedded!.balanceOf(privateKeyToAccount(privateKey).address)).toBe(998_000n);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("prints the exact signed bytes with --raw, which /verify_signature accepts", async () => {
    const { stdout, stderr } = await runCli(["/get_latest_price", "ticker=NVDA", "--raw"], { WALLET_PRIVATE_KEY: generatePrivateKey() });
    const signature = /x-response-signature: (0x[0-9a-f]+)/.exec(stderr.toString())?.[1];
    expect(signature).toBeDefined();
    const res = await fetch(`${loopback.base()}/verify_signature`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ body: stdout.toString("utf8"), sig: signature }),
    });
    expect(((await res.json()) as { valid: boolean }).valid).toBe(true);
  });
});
