import { describe, expect, it } from "vitest";
import { getLatestPriceContract } from "../contracts/market-data/get-latest-price.js";
import { findCatalogRoute } from "../contracts/route-catalog.js";
import { operationRoute } from "./route-module.js";

describe("operationRoute", () => {
  const handle = async (params: { ticker: string }) => ({ ticker: params.ticker });

  it("declares a contract on the catalog row its operationId names, with its handler and extras", () => {
    const html = () => "<p>page</p>";
    const declared = operationRoute(getLatestPriceContract, handle, { html });
    expect(declared.route).toBe(findCatalogRoute("get_latest_price"));
    expect(declared.contract).toBe(getLatestPriceContract);
    expect(declared.handle).toBe(handle);
    expect(declared.html).toBe(html);
    expect(declared.quote).toBeUndefined();
  });

  it("refuses a contract whose operationId the catalog does not list, when the route is declared", () => {
    expect(() => operationRoute({ ...getLatestPriceContract, operationId: "no_such_operation" }, handle)).toThrow(/not in the route catalog/);
  });
});
