import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { OPERATION_CONTRACTS } from "../../src/contracts/operation-contracts.js";
import { findCatalogRoute, ROUTE_CATALOG } from "../../src/contracts/route-catalog.js";
import { contractJsonSchema } from "../../src/mcp/json-schema.js";
import { operationTool } from "../../src/mcp/tool-catalog.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { suiteService } from "../support/suite-service.js";

describe("MCP tools generated from the contracts", () => {
  const ajv = new Ajv({ strict: false });

  it("offers no tool for a redirect (the router's go link leads to a third party's site)", () => {
    expect(operationTool(findCatalogRoute("api_discover_go"))).toBeUndefined();
  });

  const offered = OPERATION_CONTRACTS.filter((c) => c.redirect !== true);
  it.each(offered.map((c) => [c.operationId, c] as const))("%s: schemas accept its documented example", (operationId, contract) => {
    const tool = operationTool(findCatalogRoute(operationId))!;
    expect(tool.name).toBe(operationId);
    expect(tool.inputSchema.type).toBe("object");
    expect(ajv.validate(tool.inputSchema, contract.example.params), JSON.stringify(ajv.errors)).toBe(true);
    expect(tool.outputSchema, "every contract response is an object schema").toBeDefined();
    // The MCP client rejects structured content that does not match the output schema, so the example must.
    expect(ajv.validate(tool.outputSchema!, contract.example.response), JSON.stringify(ajv.errors)).toBe(true);
  });

  it("carries the contract's parameter descriptions, bounds and defaults into the input schema", () => {
    const schema = contractJsonSchema(findContract("get_price_history").params, "input")!;
    expect(schema.required).toEqual(["ticker", "start_date", "end_date"]);
    expect(schema.properties).toMatchObject({
      start_date: { type: "string", description: "First date, inclusive (YYYY-MM-DD)" },
      timeframe: { default: "1d", enum: ["1d", "1h", "30m", "15m"] },
    });
    expect(ajv.validate(schema, { ticker: "AAPL", start_date: "2024-01-02" })).toBe(false);
  });

  it("has no tool for an operation without a contract", () => {
    expect(operationTool({ ...findCatalogRoute("get_latest_price"), operationId: "no_such_contract" })).toBeUndefined();
  });
});

function findContract(operationId: string) {
  return OPERATION_CONTRACTS.find((c) => c.operationId === operationId)!;
}

describe.skipIf(!SHARED_PRESENT)("the contract list the MCP server reads", () => {
  const service = suiteService();

  it("lists the contract of every operation the service mounts", async () => {
    const document = (await (await service().app.request("/openapi.json")).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    const mounted = new Set(Object.values(document.paths).flatMap((ops) => Object.values(ops).map((op) => op.operationId.replace(/_via_(get|post)$/, ""))));
    const listed = new Set(OPERATION_CONTRACTS.map((c) => c.operationId));
    expect([...mounted].filter((id) => !listed.has(id))).toEqual([]);
    expect([...listed].filter((id) => !ROUTE_CATALOG.some((r) => r.operationId === id))).toEqual([]);
  });
});
