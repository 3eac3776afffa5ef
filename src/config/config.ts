import path from "node:path";
import { z } from "zod";

const HexKeySchema = z.string().regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex private key");
const AddressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");

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
    .refine((v) => v === "embedded" || /^https?:\/\//.test(v), "must be `embedded` or an http(s) facilitator URL")
    .default("embedded"),
  CDP_API_KEY_ID: z.string().min(1).optional(),
  CDP_API_KEY_SECRET: z.string().min(1).optional(),
  SIGNER_PRIVATE_KEY: HexKeySchema.optional(),
  MPP_SECRET_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  MARKET_DATA_DIR: z.string().min(1).optional(),
  HARDWARE_PRICES_URL: z.string().url("must be an absolute http(s) URL of the retail hardware price JSON (see README)").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** `undefined` selects SQLite at `<dataDir>/precedent.sqlite`. */
  databaseUrl: string | undefined;
  /** Base of every URL we publish (402 `resource.url`, discovery documents). */
  publicBaseUrl: string;
  payTo: string | undefined;
  facilitator: { mode: "embedded" } | { mode: "remote"; url: string; cdpKeyId?: string; cdpKeySecret?: string };
  signerPrivateKey: string | undefined;
  mppSecretKey: string | undefined;
  marketDataDir: string | undefined;
  /** JSON source of retail hardware prices fetched daily (README, "Hardware prices source"); unset = hardware_prices null. */
  hardwarePricesUrl: string | undefined;
  logLevel: z.infer<typeof EnvSchema>["LOG_LEVEL"];
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
  if (e.FACILITATOR !== "embedded" && e.PAY_TO === undefined) {
    throw new ConfigError("Invalid configuration:\n  PAY_TO is required with a remote FACILITATOR (real money needs a real recipient)");
  }
  const facilitator: Config["facilitator"] =
    e.FACILITATOR === "embedded"
      ? { mode: "embedded" }
      : { mode: "remote", url: e.FACILITATOR, cdpKeyId: e.CDP_API_KEY_ID, cdpKeySecret: e.CDP_API_KEY_SECRET };
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
    hardwarePricesUrl: e.HARDWARE_PRICES_URL,
    logLevel: e.LOG_LEVEL,
  });
}
