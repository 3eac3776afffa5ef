/**
 * In-process EVM for the embedded payment mode: hardhat 2's EDR network with chainId 8453 (Base mainnet),
 * our EIP-3009 TestUSDC at the real Base USDC address and a mini Multicall3 at the canonical address.
 * The production x402 route config (network, asset, EIP-712 domain) therefore works unchanged against it.
 *
 * hardhat is an optionalDependency and is loaded with dynamic `import()` only when a chain is started, so the
 * service (and `tsc`) work without it as long as embedded mode is not used.
 *
 * How the provider is built without a hardhat.config.js in the cwd
 * -----------------------------------------------------------------
 * `require("hardhat")` would build a full Hardhat Runtime Environment from a config file found from the cwd
 * (and installs it as a process-wide singleton). Instead we use the two internal functions that the HRE uses
 * for `hre.network.provider`:
 *   - `resolveConfig(configPath, userConfig)` (internal/core/config/config-resolution.js) fills every default of
 *     the `hardhat` network (hardfork activation tables, gas settings, mempool order, …) into our small user
 *     config. `configPath` only anchors `paths.root`; it must exist (it is realpath'd) but is never read or
 *     executed, so this module's own file is passed.
 *   - `createProvider(resolvedConfig, "hardhat")` (internal/core/providers/construction.js) creates the EDR
 *     provider and the standard provider wrappers, exactly as the HRE does.
 * Both are stable across hardhat 2.x (the package has no `exports` map, so deep imports are allowed), but they
 * are internals: the version check below refuses anything other than hardhat 2, and each step fails with a
 * message naming the step. Specifiers are held in variables so TypeScript does not type-check against the
 * optional package; the small interfaces below describe the part we use.
 *
 * Chain settings, and why
 * -----------------------
 * - chainId 8453, hardfork "cancun" (the test contracts are compiled for cancun; Base runs a later fork, but
 *   nothing here needs more).
 * - automine, no interval mining: every transaction is mined inside `eth_sendRawTransaction`. Sub-second
 *   interval mining runs the chain clock ahead of the wall clock and authorizations then fail as expired
 *   (payments note, pitfall P4).
 * - `allowBlocksWithSameTimestamp: true`: otherwise every automined block gets timestamp previous+1 s, so a burst
 *   of N settlements within one second pushes the chain clock N seconds into the future and, after a few
 *   hundred payments, EIP-3009 `validBefore` checks start failing for the same reason as P4.
 * - `throwOnTransactionFailures: false`: a mined-but-reverted transaction returns its hash and a receipt with
 *   status "reverted", as on a real node (hardhat's default would throw from `eth_sendRawTransaction`).
 *   `eth_call` / `eth_estimateGas` still fail on revert, which the facilitator's simulation relies on.
 * - no genesis accounts: the facilitator key is funded with `hardhat_setBalance`.
 */
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { BASE_NETWORK, USDC_ADDRESS, USDC_DECIMALS, USDC_EIP712 } from "../usdc-on-base.js";
import artifacts from "./contract-artifacts.json" with { type: "json" };

/** The production payment constants; TestUSDC mirrors them (its name/version/decimals are Solidity constants,
 *  checked against these by test-usdc.test.ts). */
export { BASE_NETWORK, USDC_DECIMALS };
export const BASE_CHAIN_ID = 8453;
/** Circle's USDC on Base mainnet; TestUSDC is installed here. */
export const BASE_USDC_ADDRESS = USDC_ADDRESS;
/** EIP-712 domain of Base USDC and of TestUSDC (PaymentRequirements.extra). */
export const USDC_EIP712_DOMAIN = USDC_EIP712;
/** Canonical Multicall3 address (same on every chain); MiniMulticall is installed here. */
export const MULTICALL3_ADDRESS = "0xcA11bde05977b3631167028862bE2a173976CA11" as const;

const SUPPORTED_HARDHAT_MAJOR = 2;

export interface JsonRpcRequest {
  method: string;
  params?: readonly unknown[] | Record<string, unknown>;
}

export interface LocalChain {
  readonly chainId: typeof BASE_CHAIN_ID;
  /** EIP-1193 request to the in-process node. Rejects after `close()`. */
  request(args: JsonRpcRequest): Promise<unknown>;
  /** Installs runtime bytecode at an address (hardhat_setCode). */
  setCode(address: `0x${string}`, bytecode: `0x${string}`): Promise<void>;
  /** Sets an account's ETH balance in wei (hardhat_setBalance). */
  setBalance(address: `0x${string}`, wei: bigint): Promise<void>;
  /** Version of the hardhat package that runs the chain. */
  readonly hardhatVersion: string;
  /**
   * Stops accepting requests and drops the provider. hardhat 2 providers have no dispose method; the EDR
   * node is freed by the garbage collector and does not keep the event loop alive.
   */
  close(): Promise<void>;
}

export interface StartLocalChainOptions {
  /** Accounts to credit with ETH (for gas) right after boot. */
  fund?: ReadonlyArray<{ address: `0x${string}`; wei: bigint }>;
  /** Genesis block time (ISO-8601), for replaying recorded transactions at their own times. Default: now. */
  initialDate?: string;
}

/** Thrown when embedded mode is used but hardhat 2 is not installed or cannot start. */
export class EmbeddedChainUnavailableError extends Error {
  override readonly name = "EmbeddedChainUnavailableError";
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

// Minimal shapes of the hardhat 2 internals we call (see the header comment).
interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}
interface ConfigResolutionModule {
  resolveConfig(userConfigPath: string, userConfig: Record<string, unknown>): { networks: Record<string, unknown> };
}
interface ProviderConstructionModule {
  createProvider(config: unknown, networkName: string): Promise<Eip1193Provider>;
}

const HARDHAT_INSTALL_HINT =
  'Embedded payment mode (an in-process Base chain) needs the optional dependency "hardhat" 2.x ' +
  "(package.json optionalDependencies). Install it with `npm install --include=optional`, or configure a " +
  "remote x402 facilitator instead.";

function isModuleNotFound(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "ERR_MODULE_NOT_FOUND" || code === "MODULE_NOT_FOUND";
}

function hardhatVersion(): string {
  let version: unknown;
  try {
    version = (createRequire(import.meta.url)("hardhat/package.json") as { version?: unknown }).version;
  } catch (error) {
    // hardhat 3 has an `exports` map without ./package.json; report it as the wrong major below.
    if ((error as { code?: unknown }).code === "ERR_PACKAGE_PATH_NOT_EXPORTED") return "3+";
    throw new EmbeddedChainUnavailableError(HARDHAT_INSTALL_HINT, { cause: error });
  }
  if (typeof version !== "string") {
    throw new EmbeddedChainUnavailableError(`${HARDHAT_INSTALL_HINT} (hardhat/package.json has no version)`);
  }
  return version;
}

async function importHardhatInternal<T>(subpath: string): Promise<T> {
  const specifier = `hardhat/${subpath}`;
  try {
    const mod = (await import(specifier)) as T & { default?: T };
    // CommonJS modules: named exports are detected statically, `default` is module.exports either way.
    return (mod.default ?? mod) as T;
  } catch (error) {
    if (isModuleNotFound(error)) {
      throw new EmbeddedChainUnavailableError(`${HARDHAT_INSTALL_HINT} (cannot load ${specifier})`, { cause: error });
    }
    throw new EmbeddedChainUnavailableError(`Loading ${specifier} failed: ${String(error)}`, { cause: error });
  }
}

/** Creates hardhat 2's in-process network provider (EDR) with our chain settings. */
async function createHardhatProvider(initialDate: string | undefined): Promise<{ provider: Eip1193Provider; version: string }> {
  const version = hardhatVersion();
  const major = Number.parseInt(version, 10);
  if (major !== SUPPORTED_HARDHAT_MAJOR) {
    throw new EmbeddedChainUnavailableError(
      `Embedded payment mode needs hardhat ${SUPPORTED_HARDHAT_MAJOR}.x, found ${version}. ` +
        "(hardhat 3 / EDR >= 0.14 need Node >= 22 and have a different API.)",
    );
  }

  const { resolveConfig } = await importHardhatInternal<ConfigResolutionModule>(
    "internal/core/config/config-resolution.js",
  );
  const { createProvider } = await importHardhatInternal<ProviderConstructionModule>(
    "internal/core/providers/construction.js",
  );
  if (typeof resolveConfig !== "function" || typeof createProvider !== "function") {
    throw new EmbeddedChainUnavailableError(
      `hardhat ${version} does not expose resolveConfig/createProvider where hardhat 2.28 does; ` +
        "pin hardhat 2.28.x or update src/payments/embedded/local-chain.ts.",
    );
  }

  // resolveConfig realpath()s the "config file" to anchor paths.root; it must exist but is never read or
  // executed. This module's own file serves (paths are only used for fork caches, which we do not use).
  const config = resolveConfig(fileURLToPath(import.meta.url), {
    networks: {
      hardhat: {
        chainId: BASE_CHAIN_ID,
        hardfork: "cancun",
        mining: { auto: true, interval: 0 },
        allowBlocksWithSameTimestamp: true,
        throwOnTransactionFailures: false,
        throwOnCallFailures: true,
        accounts: [],
        loggingEnabled: false,
        ...(initialDate === undefined ? {} : { initialDate }),
      },
    },
  });

  try {
    return { provider: await createProvider(config, "hardhat"), version };
  } catch (error) {
    throw new EmbeddedChainUnavailableError(
      `hardhat ${version} could not start its in-process network (EDR): ${String(error)}. ` +
        "On Node 20 this usually means the @nomicfoundation/edr native binary for this platform is missing.",
      { cause: error },
    );
  }
}

function toQuantity(value: bigint): `0x${string}` {
  return `0x${value.toString(16)}`;
}

/**
 * Boots the chain, installs TestUSDC at BASE_USDC_ADDRESS and MiniMulticall at MULTICALL3_ADDRESS, and funds
 * the given accounts. About 0.25–0.35 s, most of it loading hardhat and starting EDR.
 */
export async function startLocalChain(options: StartLocalChainOptions = {}): Promise<LocalChain> {
  const { provider, version } = await createHardhatProvider(options.initialDate);
  let closed = false;

  const request = async (args: JsonRpcRequest): Promise<unknown> => {
    if (closed) throw new Error(`embedded chain is closed (${args.method})`);
    return provider.request(args.params === undefined ? { method: args.method } : args);
  };
  const setCode = async (address: `0x${string}`, bytecode: `0x${string}`): Promise<void> => {
    await request({ method: "hardhat_setCode", params: [address, bytecode] });
  };
  const setBalance = async (address: `0x${string}`, wei: bigint): Promise<void> => {
    await request({ method: "hardhat_setBalance", params: [address, toQuantity(wei)] });
  };

  const chainId = await request({ method: "eth_chainId" });
  if (chainId !== toQuantity(BigInt(BASE_CHAIN_ID))) {
    throw new EmbeddedChainUnavailableError(`embedded chain reports chainId ${String(chainId)}, expected ${BASE_CHAIN_ID}`);
  }

  await setCode(BASE_USDC_ADDRESS, artifacts.contracts.TestUSDC.deployedBytecode as `0x${string}`);
  await setCode(MULTICALL3_ADDRESS, artifacts.contracts.MiniMulticall.deployedBytecode as `0x${string}`);
  for (const { address, wei } of options.fund ?? []) await setBalance(address, wei);

  return {
    chainId: BASE_CHAIN_ID,
    hardhatVersion: version,
    request,
    setCode,
    setBalance,
    close: async () => {
      closed = true;
    },
  };
}
