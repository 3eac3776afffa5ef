import { describe, expect, it } from "vitest";
import { getPatternsContract } from "../../src/contracts/patterns/get-patterns.js";
import { findCatalogRoute } from "../../src/contracts/route-catalog.js";
import { paidRoutes, queryOf } from "../support/paid-routes.js";
import { expectSameResponse } from "../support/same-response.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

describe.skipIf(!SHARED_PRESENT)("documented /get_patterns example", () => {
  const { call } = paidRoutes();

  it("is what the service answers, baseline and interval included", async () => {
    const { path } = findCatalogRoute(getPatternsContract.operationId);
    const { status, body } = await call(`${path}?${queryOf(getPatternsContract.example.params)}`);
    expect(status).toBe(200);
    expectSameResponse(body, getPatternsContract.example.response, "get_patterns");
  });
});
