import path from "node:path";
import { z } from "zod";

const HexKeySchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex private key");
const AddressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");

/** UNIVERSE_MEMORY_MB's default (src/config/universe-memory.ts says how it is shared). */
export const DEFAULT_UNIVERSE_MEMORY_MB = 6_400;

/**
 * Every environment variable the service reads, with its default. This module is the only reader of
 * `process.env`; everything else receives the frozen `Config` (or a slice of it).
 */
const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8402),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL (leave unset for SQLite in DATA_DIR)")
    .optional(),
  PUBLIC_BASE_URL: z.string().url("must be an absolute URL such as https://api.example.com").optional(),
  PAY_TO: AddressSchema.optional(),
  FACILITATOR: z
    .string()
    .refine((v) => v === "embedded" || v === "cdp" || /^https?:\/\//.test(v), "must be `embedded`, `cdp` or an http(s) facilitator URL")
    .default("embedded"),
  CDP_API_KEY_ID: z.string().min(1).optional(),
  CDP_API_KEY_SECRET: z.string().min(1).optional(),
  SIGNER_PRIVATE_KEY: HexKeySchema.optional(),
  MPP_SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  MARKET_DATA_DIR: z.string().min(1).optional(),
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .regex(/^[A-Za-z0-9.:_-]+(,[A-Za-z0-9.:_-]+)*$/, "must be a comma-separated list of host names or IP addresses")
    .optional(),
  MIRROR_WALLET_PRIVATE_KEY: HexKeySchema.optional(),
  MIRROR_BUDGET_USD: z.coerce.number().min(0).max(100).default(1),
  HARDWARE_PRICES_URL: z.string().url("must be an absolute http(s) URL of the retail hardware price JSON (see README)").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(16_777_216).default(65_536),
  HEAVY_ROUTE_CONCURRENCY: z.coerce.number().int().min(0).max(1_000).default(2),
  RATE_LIMIT_FREE_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(120),
  RATE_LIMIT_FAUCET_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(10),
  TRUST_PROXY: z.enum(["true", "false"], "must be true or false").default("false"),
  ROUTE_WALLET_PRIVATE_KEY: HexKeySchema.optional(),
  TRADING_ACCOUNT: AddressSchema.optional(),
  SHARD_JOBS_ABOVE_SERIES: z.coerce.number().int().min(1).max(1_000_000).default(1_000),
  SHARD_JOB_SERIES: z.coerce.number().int().min(1).max(100_000).default(250),
  SHARD_JOBS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  UNIVERSE_MEMORY_MB: z.coerce.number().int().min(64).max(1_048_576).default(DEFAULT_UNIVERSE_MEMORY_MB),
});

/** Coinbase's x402 facilitator (Base mainnet), the URL @coinbase/x402 uses; requests are signed with the CDP key. */
export const CDP_FACILITATOR_URL = "https://api.cdp.coinbase.com/platform/v2/x402";

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `undefined` selects SQLite at `<dataDir>/precedent.sqlite`. */
  databaseUrl: string | undefined;
  /** Base of every URL we publish (402 `resource.url`, discovery documents). */
  publicBaseUrl: string;
  payTo: string | undefined;
  facilitator:
    | { mode: "embedded" }
    | {
        mode: "remote";
        /** Without credentials: a `user:password@` in FACILITATOR moves to `basicAuth`, so the URL is safe to log. */
        url: string;
        /** `Basic ...` Authorization value built from FACILITATOR's user:password, if it had any. */
        basicAuth?: string;
        cdpKeyId?: string;
        cdpKeySecret?: string;
      };
  signerPrivateKey: string | undefined;
  mppSecretKey: string | undefined;
  marketDataDir: string | undefined;
  /** Dev/test only: hosts that webhooks and other outbound calls may reach over plain http at any address. */
  outboundAllowHosts: string[];
  /** JSON source of retail hardware prices fetched daily (README, "Hardware prices source"); unset = hardware_prices null. */
  hardwarePricesUrl: string | undefined;
  /** TRADING_ACCOUNT: the Hyperliquid address /trading/portfolio shows when the caller names none; off when unset. */
  tradingAccount: string | undefined;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
  edge: EdgeLimits;
  /** Wallet that pays sellers for /api/route (route-and-fulfil); unset = the route is not mounted. */
  routeWalletPrivateKey: string | undefined;
  /** Paid mirror of x402scan's listing: off (undefined) without MIRROR_WALLET_PRIVATE_KEY. */
  x402scanMirror: { walletPrivateKey: `0x${string}`; budgetUsdPerRun: number } | undefined;
  /** With DATABASE_URL: universe searches over more series than one node carries become shard jobs any node takes. */
  universeShardJobs: UniverseShardJobLimits;
  /**
   * What the histories universe searches read may hold in memory, in bytes (UNIVERSE_MEMORY_MB): split between
   * the offline store's columns, the universe's search series and each search worker's prepared copies
   * (universeMemoryBounds). Memory grows with what is searched up to this, not with the folder.
   */
  universeMemoryBytes: number;
}

/** When a universe search leaves this node (operations.md, "Universe searches past one node"). */
export interface UniverseShardJobLimits {
  /** Lists of more series than this are cut into shard jobs on the shared queue. */
  aboveSeries: number;
  /** About this many series per shard job. */
  seriesPerJob: number;
  /** The asking node's wait for all its shards; past it the call answers 503 BUSY with Retry-After. */
  timeoutMs: number;
}

/** What the HTTP edge enforces before any route or payment code runs. */
export interface EdgeLimits {
  /** Largest request body read, with or without Content-Length; larger ones answer 413 unread. */
  bodyLimitBytes: number;
  /** Paid calls of the search-based routes admitted at once per node (the rest wait; 0 = no limit). */
  heavyRouteConcurrency: number;
  /** Token bucket per client and node on free routes: this many per minute, bursts up to the same; 0 = off. */
  freeRequestsPerMinute: number;
  /** The same for the dev faucet (embedded mode), kept apart and lower because it mints. */
  faucetRequestsPerMinute: number;
  /** Key clients by the last X-Forwarded-For hop (set only behind a proxy that appends it), else by the socket. */
  trustProxy: boolean;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Parses an environment (by default `process.env`) into a frozen Config, or throws a ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  if ((e.CDP_API_KEY_ID === undefined) !== (e.CDP_API_KEY_SECRET === undefined)) {
    throw new ConfigError("Invalid configuration:\n  CDP_API_KEY_ID and CDP_API_KEY_SECRET must be set together");
  }
  if (e.DATABASE_URL !== undefined && (e.SIGNER_PRIVATE_KEY === undefined || e.MPP_SECRET_KEY === undefined)) {
    // With PostgreSQL several nodes may serve behind one balancer: keys generated per data directory would give
    // each node its own signer and MPP secret, so signatures and challenges would not verify across nodes.
    throw new ConfigError("Invalid configuration:\n  SIGNER_PRIVATE_KEY and MPP_SECRET_KEY must be set with DATABASE_URL (every node must share them)");
  }
  if (e.FACILITATOR === "cdp" && (e.PAY_TO === undefined || e.CDP_API_KEY_ID === undefined)) {
    throw new ConfigError("Invalid configuration:\n  FACILITATOR=cdp needs PAY_TO (real money needs a real recipient) and CDP_API_KEY_ID/CDP_API_KEY_SECRET");
  }
  // With a facilitator URL, PAY_TO may be left unset only when that facilitator is `npm run facilitator`,
  // which tells every node its test recipient; the node checks this at start-up (build-facilitator.ts).
  const facilitator: Config["facilitator"] =
    e.FACILITATOR === "embedded"
      ? { mode: "embedded" }
      : { mode: "remote", ...splitCredentials(e.FACILITATOR === "cdp" ? CDP_FACILITATOR_URL : e.FACILITATOR), cdpKeyId: e.CDP_API_KEY_ID, cdpKeySecret: e.CDP_API_KEY_SECRET };
  return Object.freeze({
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicBaseUrl: (e.PUBLIC_BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    payTo: e.PAY_TO,
    facilitator,
    signerPrivateKey: e.SIGNER_PRIVATE_KEY,
    mppSecretKey: e.MPP_SECRET_KEY,
    marketDataDir: e.MARKET_DATA_DIR === undefined ? undefined : path.resolve(e.MARKET_DATA_DIR),
    outboundAllowHosts: e.OUTBOUND_ALLOW_HOSTS === undefined ? [] : e.OUTBOUND_ALLOW_HOSTS.split(",").map((h) => h.toLowerCase()),
    hardwarePricesUrl: e.HARDWARE_PRICES_URL,
    x402scanMirror:
      e.MIRROR_WALLET_PRIVATE_KEY === undefined ? undefined : { walletPrivateKey: e.MIRROR_WALLET_PRIVATE_KEY as `0x${string}`, budgetUsdPerRun: e.MIRROR_BUDGET_USD },
    tradingAccount: e.TRADING_ACCOUNT,
    logLevel: e.LOG_LEVEL,
    edge: {
      bodyLimitBytes: e.BODY_LIMIT_BYTES,
      heavyRouteConcurrency: e.HEAVY_ROUTE_CONCURRENCY,
      freeRequestsPerMinute: e.RATE_LIMIT_FREE_PER_MINUTE,
      faucetRequestsPerMinute: e.RATE_LIMIT_FAUCET_PER_MINUTE,
      trustProxy: e.TRUST_PROXY === "true",
    },
    routeWalletPrivateKey: e.ROUTE_WALLET_PRIVATE_KEY,
    universeShardJobs: { aboveSeries: e.SHARD_JOBS_ABOVE_SERIES, seriesPerJob: e.SHARD_JOB_SERIES, timeoutMs: e.SHARD_JOBS_TIMEOUT_MS },
    universeMemoryBytes: e.UNIVERSE_MEMORY_MB * 1024 * 1024,
  });
}

/**
 * `http://user:secret@host/path` -> the URL without its credentials, and a Basic Authorization value for them.
 * fetch refuses URLs with credentials (and its error message would print them), so they travel as a header.
 */
function splitCredentials(value: string): { url: string; basicAuth?: string } {
  const url = new URL(value);
  if (url.username === "" && url.password === "") return { url: value };
  const basic = Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString("base64");
  url.username = "";
  url.password = "";
  return { url: url.toString().replace(/\/+$/, ""), basicAuth: `Basic ${basic}` };
}
