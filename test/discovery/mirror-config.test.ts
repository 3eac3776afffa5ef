import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config/config.js";

describe("mirror configuration", () => {
  it("leaves the paid x402scan mirror off without MIRROR_WALLET_PRIVATE_KEY", () => {
    expect(loadConfig({}).x402scanMirror).toBeUndefined();
  });

  it("turns it on with a key, with MIRROR_BUDGET_USD per run (default 1)", () => {
    const key = `0x${"ab".repeat(32)}`;
    expect(loadConfig({ MIRROR_WALLET_PRIVATE_KEY: key }).x402scanMirror).toEqual({ walletPrivateKey: key, budgetUsdPerRun: 1 });
    expect(loadConfig({ MIRROR_WALLET_PRIVATE_KEY: key, MIRROR_BUDGET_USD: "0.25" }).x402scanMirror?.budgetUsdPerRun).toBe(0.25);
  });

  it("refuses a malformed key or budget, naming the variable", () => {
    expect(() => loadConfig({ MIRROR_WALLET_PRIVATE_KEY: "0x1234" })).toThrow(ConfigError);
    expect(() => loadConfig({ MIRROR_WALLET_PRIVATE_KEY: "0x1234" })).toThrow(/MIRROR_WALLET_PRIVATE_KEY/);
    expect(() => loadConfig({ MIRROR_BUDGET_USD: "-1" })).toThrow(/MIRROR_BUDGET_USD/);
  });
});
