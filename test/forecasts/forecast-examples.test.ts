import { describe, expect, it } from "vitest";
import { apiBacktestContract } from "../../src/contracts/forecasts/api-backtest.js";
import { forwardDistributionContract } from "../../src/contracts/forecasts/forward-distribution.js";
import { patternBacktestContract } from "../../src/contracts/forecasts/pattern-backtest.js";
import { positionSizeContract } from "../../src/contracts/forecasts/position-size.js";
import { regimeDetectionContract } from "../../src/contracts/forecasts/regime-detection.js";
import { findCatalogRoute } from "../../src/contracts/route-catalog.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { paidRoutes, queryOf } from "../support/paid-routes.js";


/** Same structure and text; numbers equal to 1e-9 relative (a core kernel change may move the last digits). */
function expectSameResponse(actual: unknown, documented: unknown, where: string): void {
  if (typeof documented === "number" && typeof actual === "number") {
    expect(Math.abs(actual - documented), where).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(documented)));
  } else if (Array.isArray(documented)) {
    expect(Array.isArray(actual) && actual.length, where).toBe(documented.length);
    documented.forEach((item, i) => expectSameResponse((actual as unknown[])[i], item, `${where}[${i}]`));
  } else if (documented !== null && typeof documented === "object") {
    expect(Object.keys(actual as object).sort(), where).toEqual(Object.keys(documented).sort());
    for (const [key, value] of Object.entries(documented)) expectSameResponse((actual as Record<string, unknown>)[key], value, `${where}.${key}`);
  } else {
    expect(actual, where).toEqual(documented);
  }
}

describe.skipIf(!SHARED_PRESENT)("forecast examples in /openapi.json are real responses", () => {
  const { call } = paidRoutes();

  for (const contract of [forwardDistributionContract, apiBacktestContract, regimeDetectionContract, patternBacktestContract, positionSizeContract]) {
    it(`${contract.operationId}: the documented example is what the service answers`, async () => {
      const { path } = findCatalogRoute(contract.operationId);
      const { status, body } = await call(`${path}?${queryOf(contract.example.params)}`);
      expect(status).toBe(200);
      expectSameResponse(body, contract.example.response, contract.operationId);
    });
  }
});
