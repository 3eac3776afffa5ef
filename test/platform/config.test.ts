import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config/config.js";
import { universeMemoryBounds } from "../../src/config/universe-memory.js";

describe("configuration from the environment", () => {
  it("runs on embedded defaults with an empty environment", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8402,
      dataDir: path.resolve("./data"),
      databaseUrl: undefined,
      publicBaseUrl: "http://localhost:8402",
      facilitator: { mode: "embedded" },
      marketDataDir: undefined,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("reads the edge limits, with documented defaults and bounds", () => {
    expect(loadConfig({}).edge).toEqual({ bodyLimitBytes: 65_536, heavyRouteConcurrency: 2, freeRequestsPerMinute: 120, faucetRequestsPerMinute: 10, trustProxy: false });
    const tuned = loadConfig({ BODY_LIMIT_BYTES: "2048", HEAVY_ROUTE_CONCURRENCY: "0", RATE_LIMIT_FREE_PER_MINUTE: "0", RATE_LIMIT_FAUCET_PER_MINUTE: "3", TRUST_PROXY: "true" });
    expect(tuned.edge).toEqual({ bodyLimitBytes: 2048, heavyRouteConcurrency: 0, freeRequestsPerMinute: 0, faucetRequestsPerMinute: 3, trustProxy: true });
    expect(() => loadConfig({ HEAVY_ROUTE_CONCURRENCY: "-1" })).toThrowError(/HEAVY_ROUTE_CONCURRENCY/);
    expect(() => loadConfig({ BODY_LIMIT_BYTES: "10" })).toThrowError(/BODY_LIMIT_BYTES/);
    expect(() => loadConfig({ RATE_LIMIT_FREE_PER_MINUTE: "-1" })).toThrowError(/RATE_LIMIT_FREE_PER_MINUTE/);
    expect(() => loadConfig({ TRUST_PROXY: "yes" })).toThrowError(/TRUST_PROXY/);
  });

  it("reads when a universe search becomes shard jobs, with documented defaults and bounds", () => {
    expect(loadConfig({}).universeShardJobs).toEqual({ aboveSeries: 1_000, seriesPerJob: 250, timeoutMs: 30_000 });
    expect(loadConfig({ SHARD_JOBS_ABOVE_SERIES: "40", SHARD_JOB_SERIES: "10", SHARD_JOBS_TIMEOUT_MS: "5000" }).universeShardJobs).toEqual({ aboveSeries: 40, seriesPerJob: 10, timeoutMs: 5_000 });
    expect(() => loadConfig({ SHARD_JOBS_ABOVE_SERIES: "0" })).toThrowError(/SHARD_JOBS_ABOVE_SERIES/);
    expect(() => loadConfig({ SHARD_JOB_SERIES: "many" })).toThrowError(/SHARD_JOB_SERIES/);
    expect(() => loadConfig({ SHARD_JOBS_TIMEOUT_MS: "10" })).toThrowError(/SHARD_JOBS_TIMEOUT_MS/);
  });

  it("reads what universe searches may hold in memory, and shares it between the store, the series and each worker", () => {
    expect(loadConfig({}).universeMemoryBytes).toBe(6_400 * 1024 * 1024);
    expect(loadConfig({ UNIVERSE_MEMORY_MB: "400" }).universeMemoryBytes).toBe(400 * 1024 * 1024);
    expect(() => loadConfig({ UNIVERSE_MEMORY_MB: "10" })).toThrowError(/UNIVERSE_MEMORY_MB/);
    expect(universeMemoryBounds(400 * 1024 * 1024, 2)).toEqual({ columnsBytes: 100 * 1024 * 1024, seriesBytes: 100 * 1024 * 1024, workerCacheBytes: 100 * 1024 * 1024 });
    expect(universeMemoryBounds(400 * 1024 * 1024, 1).workerCacheBytes).toBe(200 * 1024 * 1024);
  });

  it("names every bad variable in one error", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SIGNER_PRIVATE_KEY: "0x12" })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SIGNER_PRIVATE_KEY: "0x12" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("SIGNER_PRIVATE_KEY");
    }
  });

  it("requires PAY_TO and CDP keys with FACILITATOR=cdp, and CDP keys in pairs", () => {
    expect(() => loadConfig({ FACILITATOR: "cdp", CDP_API_KEY_ID: "id", CDP_API_KEY_SECRET: "secret" })).toThrowError(/PAY_TO/);
    expect(() => loadConfig({ FACILITATOR: "cdp", PAY_TO: `0x${"ab".repeat(20)}` })).toThrowError(/CDP_API_KEY_ID/);
    const cdp = loadConfig({ FACILITATOR: "cdp", PAY_TO: `0x${"ab".repeat(20)}`, CDP_API_KEY_ID: "id", CDP_API_KEY_SECRET: "secret" });
    expect(cdp.facilitator).toMatchObject({ mode: "remote", url: "https://api.cdp.coinbase.com/platform/v2/x402", cdpKeyId: "id" });
    expect(() => loadConfig({ CDP_API_KEY_ID: "id" })).toThrowError(/together/);
    const remote = loadConfig({ FACILITATOR: "https://facilitator.example", PAY_TO: `0x${"ab".repeat(20)}` });
    expect(remote.facilitator).toEqual({ mode: "remote", url: "https://facilitator.example", cdpKeyId: undefined, cdpKeySecret: undefined });
  });

  it("switches to PostgreSQL by URL, with shared keys, and trims the public base URL", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://u@h/db" })).toThrowError(/SIGNER_PRIVATE_KEY and MPP_SECRET_KEY/);
    const keys = { SIGNER_PRIVATE_KEY: `0x${"11".repeat(32)}`, MPP_SECRET_KEY: "s".repeat(32) };
    const config = loadConfig({ DATABASE_URL: "postgres://u@h/db", PUBLIC_BASE_URL: "https://api.example.com/", ...keys });
    expect(config.databaseUrl).toBe("postgres://u@h/db");
    expect(config.publicBaseUrl).toBe("https://api.example.com");
  });

  it("reads the route wallet key (off when unset) and refuses a malformed one", () => {
    expect(loadConfig({}).routeWalletPrivateKey).toBeUndefined();
    const key = `0x${"22".repeat(32)}`;
    expect(loadConfig({ ROUTE_WALLET_PRIVATE_KEY: key }).routeWalletPrivateKey).toBe(key);
    expect(() => loadConfig({ ROUTE_WALLET_PRIVATE_KEY: "0x1234" })).toThrowError(/ROUTE_WALLET_PRIVATE_KEY: must be a 0x-prefixed 32-byte hex private key/);
  });
});
