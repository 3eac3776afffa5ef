import { describe, expect, it } from "vitest";
import { apiBacktestContract } from "../../src/contracts/forecasts/api-backtest.js";
import { forwardDistributionContract } from "../../src/contracts/forecasts/forward-distribution.js";
import { patternBacktestContract } from "../../src/contracts/forecasts/pattern-backtest.js";
import { positionSizeContract } from "../../src/contracts/forecasts/position-size.js";
import { regimeDetectionContract } from "../../src/contracts/forecasts/regime-detection.js";
import { findCatalogRoute } from "../../src/contracts/route-catalog.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { paidRoutes, queryOf } from "../support/paid-routes.js";
import { expectSameResponse } from "../support/same-response.js";


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
