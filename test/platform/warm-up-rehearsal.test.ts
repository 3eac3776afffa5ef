import { describe, expect, it } from "vitest";
import { isHeavyRoute, ROUTE_CATALOG } from "../../src/contracts/route-catalog.js";
import { paidRoutes } from "../support/paid-routes.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

describe.skipIf(!SHARED_PRESENT)("the warm-up's own quote requests", () => {
  const harness = paidRoutes();
  const heavy = ROUTE_CATALOG.filter(isHeavyRoute);
  const loggedRows = async () =>
    Number((await harness.service().database.db.selectFrom("request_log").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  it("asks every heavy route for its 402 twice and writes nothing to the request log", async () => {
    expect(heavy.length).toBeGreaterThanOrEqual(7);
    const before = await loggedRows();
    const { quotesRehearsed } = await harness.service().warmUp();
    expect(quotesRehearsed).toBe(2 * heavy.length);
    expect(await loggedRows()).toBe(before);
  });

  it("still logs the same unpaid request when it comes from a caller", async () => {
    const before = await loggedRows();
    const response = await harness.service().app.request(heavy[0].path, { method: heavy[0].methods[0] });
    expect(response.status).toBe(402);
    expect(await loggedRows()).toBe(before + 1);
  });
});
