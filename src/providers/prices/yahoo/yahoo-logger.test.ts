import { describe, expect, it } from "vitest";
import { createYahooLogger } from "./yahoo-logger.js";

describe("createYahooLogger", () => {
  it("drops only the Node-version warning and forwards other warnings and errors", () => {
    const seen: string[] = [];
    const logger = createYahooLogger({ warn: (m) => seen.push(`warn ${m}`), error: (m) => seen.push(`error ${m}`) });
    logger.warn("[yahoo-finance2] Unsupported environment: Requires Node >= 22.0.0, found 20.20.2. Things might break");
    logger.warn("something else");
    logger.error("The following result did not validate with schema");
    logger.info("Fetching crumb");
    logger.debug("debug");
    expect(seen).toEqual(["warn something else", "error The following result did not validate with schema"]);
  });
});
