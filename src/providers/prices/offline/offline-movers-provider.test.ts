import { expect, it } from "vitest";
import { describeWithShared, SHARED_DAILY_DIR } from "../../../../test/support/replay-fetch.js";
import { CsvBarStore } from "./csv-bar-store.js";
import { OfflineMoversProvider } from "./offline-movers-provider.js";

const HEADER = "date,open,high,low,close,volume";
const FILES: Record<string, string> = {
  "UP.csv": `${HEADER}\n2024-01-02,1,1,1,100,\n2024-01-03,1,1,1,110,500\n`,
  "DOWN.csv": `${HEADER}\n2024-01-02,1,1,1,50,\n2024-01-03,1,1,1,40,900\n`,
  "FLAT.csv": `${HEADER}\n2024-01-02,1,1,1,20,10\n2024-01-03,1,1,1,20,\n`,
  "ONE.csv": `${HEADER}\n2024-01-03,1,1,1,5,1\n`,
  "notes.txt": "not a price file",
};

function syntheticProvider(): OfflineMoversProvider {
  const store = new CsvBarStore({
    dir: "/data",
    listFiles: async () => Object.keys(FILES),
    readText: async (filePath) => FILES[filePath.split("/").at(-1) ?? ""] ?? "",
  });
  return new OfflineMoversProvider({ store });
}

it("ranks the folder's files by their last-day change and names rows by file", async () => {
  const provider = syntheticProvider();
  expect(await provider.movers("gainers", 10)).toEqual([
    { symbol: "UP", name: null, price: 110, changePct: 110 / 100 - 1, volume: 500, marketCap: null, asOfMs: Date.parse("2024-01-03") },
  ]);
  expect((await provider.movers("losers", 10)).map((m) => [m.symbol, m.changePct])).toEqual([["DOWN", 40 / 50 - 1]]);
  // FLAT has no last-day volume; ONE has a single row and no change.
  expect((await provider.movers("most_active", 10)).map((m) => m.symbol)).toEqual(["DOWN", "UP"]);
  expect(await provider.movers("most_active", 1)).toHaveLength(1);
  await expect(provider.movers("gainers", 0)).rejects.toMatchObject({ code: "VALIDATION_FAILED" });
});

describeWithShared("OfflineMoversProvider on ../shared/datasets/daily", () => {
  it("answers every category from the folder's US stocks of one common day", async () => {
    const provider = new OfflineMoversProvider({ marketDataDir: SHARED_DAILY_DIR });
    const gainers = await provider.movers("gainers", 20);
    const losers = await provider.movers("losers", 20);
    const active = await provider.movers("most_active", 20);
    expect(gainers.length + losers.length).toBe(6);
    expect(new Set([...gainers, ...losers, ...active].map((m) => m.asOfMs))).toEqual(new Set([Date.parse("2024-12-06")]));
    expect(gainers.every((m, i) => m.changePct > 0 && (i === 0 || gainers[i - 1]!.changePct >= m.changePct))).toBe(true);
    expect(losers.every((m, i) => m.changePct < 0 && (i === 0 || losers[i - 1]!.changePct <= m.changePct))).toBe(true);
    expect(active.every((m) => m.volume !== null)).toBe(true);
    expect(active.map((m) => m.symbol)).not.toContain("VIX");
    const symbols = [...gainers, ...losers].map((m) => m.symbol);
    expect(symbols.every((s) => /^[A-Z0-9-]+$/.test(s))).toBe(true);
  });
});

it("leaves out what is not a US stock and files whose last day is older than the others'", async () => {
  const files: Record<string, string> = {
    "AAA.csv": `${HEADER}\n2024-01-02,1,1,1,10,1\n2024-01-03,1,1,1,11,1\n`,
    "OLD.csv": `${HEADER}\n2023-12-28,1,1,1,10,1\n2023-12-29,1,1,1,30,1\n`,
    "SPY.csv": `${HEADER}\n2024-01-02,1,1,1,10,1\n2024-01-03,1,1,1,20,1\n`,
    "BTC-USD.csv": `${HEADER}\n2024-01-02,1,1,1,10,1\n2024-01-03,1,1,1,20,1\n`,
    "GOLD.csv": `${HEADER}\n2024-01-02,1,1,1,10,1\n2024-01-03,1,1,1,20,1\n`,
  };
  const store = new CsvBarStore({ dir: "/data", listFiles: async () => Object.keys(files), readText: async (p) => files[p.split("/").at(-1) ?? ""] ?? "" });
  const gainers = await new OfflineMoversProvider({ store }).movers("gainers", 10);
  expect(gainers.map((m) => m.symbol)).toEqual(["AAA"]);
});
