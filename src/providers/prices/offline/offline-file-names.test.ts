import { describe, expect, it } from "vitest";
import { offlineFileStem } from "./offline-file-names.js";

describe("offlineFileStem", () => {
  it("maps the dataset's macro aliases and passes Yahoo-named files through", () => {
    expect(offlineFileStem("GC=F")).toBe("GOLD");
    expect(offlineFileStem("^VIX")).toBe("VIX");
    expect(offlineFileStem("^TNX")).toBe("US10Y");
    expect(offlineFileStem("EURUSD=X")).toBe("EURUSD");
    expect(offlineFileStem("CL=F")).toBe("WTI");
    expect(offlineFileStem("BZ=F")).toBe("BRENT");
    expect(offlineFileStem("BTC-USD")).toBe("BTC-USD");
    expect(offlineFileStem("AAPL")).toBe("AAPL");
  });

  it("never serves an alias target to a same-named ticker, nor a path outside the folder", () => {
    expect(offlineFileStem("GOLD")).toBeNull(); // Barrick Gold, not gold futures
    expect(offlineFileStem("VIX")).toBeNull();
    expect(offlineFileStem("../etc/passwd")).toBeNull();
    expect(offlineFileStem("^GSPC")).toBeNull();
  });
});
