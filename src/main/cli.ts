/**
 * `npm run call -- <path> key=value ...`: calls the service, pays with x402 when asked, prints the JSON and
 * checks the response signature. One wallet is reused across calls; in embedded mode it is funded from
 * /dev/faucet only when a payment is refused for lack of funds.
 *
 * Options (before or after the path): --base=<url> (default PRECEDENT_URL or http://localhost:8402),
 * --get (use GET instead of POST), --raw (print the exact signed body bytes, for /verify_signature).
 * Wallet: WALLET_PRIVATE_KEY, else a key kept in DATA_DIR/cli-wallet.json (mode 0600).
 */
import fs from "node:fs";
import path from "node:path";
import { x402Client } from "@x402/core/client";
import { registerExactEvmScheme } from "@x402/evm/exact/client";
import { wrapFetchWithPayment } from "@x402/fetch";
import type { Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { loadCliConfig } from "../config/cli-config.js";
import { checkResponseSignature } from "../payments/response-signature-check.js";

interface CliArgs {
  base: string;
  method: "GET" | "POST";
  raw: boolean;
  path: string;
  params: URLSearchParams;
}

function parseArgs(argv: string[], defaultBase: string): CliArgs {
  let base = defaultBase;
  let method: "GET" | "POST" = "POST";
  let raw = false;
  let routePath: string | undefined;
  const params = new URLSearchParams();
  for (const arg of argv) {
    if (arg.startsWith("--base=")) base = arg.slice("--base=".length);
    else if (arg === "--get") method = "GET";
    else if (arg === "--raw") raw = true;
    else if (routePath === undefined && !arg.includes("=")) routePath = arg.startsWith("/") ? arg : `/${arg}`;
    else if (arg.includes("=")) params.append(arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1));
    else throw new Error(`unexpected argument ${arg}`);
  }
  if (routePath === undefined) throw new Error("usage: npm run call -- <path> key=value ... [--base=URL] [--get] [--raw]");
  return { base: base.replace(/\/+$/, ""), method, raw, path: routePath, params };
}

function walletKey(fromEnv: Hex | undefined, dataDir: string): Hex {
  if (fromEnv !== undefined) return fromEnv;
  const file = path.resolve(dataDir, "cli-wallet.json");
  if (fs.existsSync(file)) return (JSON.parse(fs.readFileSync(file, "utf8")) as { privateKey: Hex }).privateKey;
  const privateKey = generatePrivateKey();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ privateKey }), { mode: 0o600 });
  return privateKey;
}

/**
 * Embedded mode only: mint test USDC; true when it did. A 404 means a real facilitator, where the wallet
 * must already hold USDC.
 */
async function fundFromFaucet(base: string, address: string): Promise<boolean> {
  const res = await fetch(`${base}/dev/faucet?address=${address}&amount=1`, { method: "POST" });
  if (res.status === 200) console.error(`funded ${address} with 1 test USDC from the embedded faucet`);
  return res.status === 200;
}

/** A payment the facilitator refused because the wallet cannot cover it (x402 `insufficient_funds`). */
function refusedForFunds(response: Response): boolean {
  const header = response.headers.get("payment-required");
  if (response.status !== 402 || header === null) return false;
  return /insufficient/i.test(Buffer.from(header, "base64").toString("utf8"));
}

async function describeSignature(body: Uint8Array, headers: Headers): Promise<string> {
  const check = await checkResponseSignature(body, headers);
  if (check.status === "valid") return `valid, signed by ${check.signer}`;
  return check.status === "unsigned" ? `unsigned (${check.reason})` : `INVALID: ${check.reason}`;
}

/**
 * One line for a service that cannot be reached, instead of undici's bare "fetch failed": the URL and what the
 * socket said (nothing listening, no such host, ...). Undefined for any other error.
 */
function unreachableMessage(error: unknown, base: string): string | undefined {
  if (!(error instanceof TypeError)) return undefined;
  const cause = error.cause as { code?: unknown; errors?: { code?: unknown }[] } | undefined;
  // A host with several addresses fails with an AggregateError of one error per address.
  const code = typeof cause?.code === "string" ? cause.code : cause?.errors?.find((e) => typeof e.code === "string")?.code;
  if (typeof code !== "string") return undefined;
  return `cannot reach ${base}: ${SOCKET_FAILURES.get(code) ?? "the connection failed"} (${code})`;
}

const SOCKET_FAILURES = new Map([
  ["ECONNREFUSED", "nothing is listening there (start the service with `npm start`, or pass --base=URL)"],
  ["ENOTFOUND", "that host name does not resolve"],
  ["EAI_AGAIN", "that host name could not be resolved right now"],
  ["ETIMEDOUT", "the connection timed out"],
  ["ECONNRESET", "the connection was reset"],
  ["EHOSTUNREACH", "that host cannot be reached"],
]);

async function main(): Promise<void> {
  const config = loadCliConfig();
  const args = parseArgs(process.argv.slice(2), config.baseUrl);
  try {
    await call(args, config);
  } catch (error) {
    const unreachable = unreachableMessage(error, args.base);
    throw unreachable === undefined ? error : new Error(unreachable);
  }
}

async function call(args: CliArgs, config: ReturnType<typeof loadCliConfig>): Promise<void> {
  const account = privateKeyToAccount(walletKey(config.walletPrivateKey, config.dataDir));
  const client = new x402Client();
  registerExactEvmScheme(client, { signer: account });
  const payingFetch = wrapFetchWithPayment(fetch, client);
  const url = `${args.base}${args.path}${args.params.size > 0 ? `?${args.params}` : ""}`;

  const probe = await fetch(url, { method: args.method });
  let response = probe;
  if (probe.status === 402) {
    // The same wallet pays every call; it is topped up only when a payment is refused for lack of funds.
    response = await payingFetch(url, { method: args.method });
    if (refusedForFunds(response) && (await fundFromFaucet(args.base, account.address))) {
      response = await payingFetch(url, { method: args.method });
    }
  }
  const body = new Uint8Array(await response.arrayBuffer());
  const text = new TextDecoder().decode(body);
  console.error(`HTTP ${response.status} ${args.method} ${args.path}`);
  const settlement = response.headers.get("payment-response");
  if (settlement !== null) console.error(`payment: ${Buffer.from(settlement, "base64").toString("utf8")}`);
  if (args.raw) {
    // The exact bytes that were signed: pass them with X-Response-Signature to /verify_signature.
    process.stdout.write(body);
  } else {
    try {
      console.log(JSON.stringify(JSON.parse(text), null, 2));
    } catch {
      console.log(text);
    }
  }
  const signatureHeader = response.headers.get("x-response-signature");
  if (signatureHeader !== null) console.error(`x-response-signature: ${signatureHeader}`);
  console.error(`signature: ${await describeSignature(body, response.headers)}`);
  if (response.status >= 400) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
