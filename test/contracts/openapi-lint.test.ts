import { beforeAll, describe, expect, it } from "vitest";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { redoclyProblems } from "../support/redocly-lint.js";
import { resolveRef } from "../support/openapi-refs.js";
import { decodeHeader } from "../support/test-payer.js";
import { suiteService } from "../support/suite-service.js";

type Param = { name: string; in: string; required?: boolean; schema: { default?: unknown; minimum?: number; maximum?: number } };
type ResponseDoc = { content?: Record<string, { example?: unknown; examples?: Record<string, { value: { error: { code: string } } }> }> };
type Operation = {
  parameters?: Param[];
  security?: unknown[];
  "x-payment-info"?: unknown;
  responses: Record<string, ResponseDoc | { $ref: string }>;
};
type Doc = { paths: Record<string, Record<string, Operation>>; components: { securitySchemes?: Record<string, unknown> }; info: Record<string, unknown> };

/** /openapi.json is exact: a standard linter finds no error, and flags, defaults, bounds and examples are the contract's. */
describe.skipIf(!SHARED_PRESENT)("the OpenAPI document", () => {
  const service = suiteService();
  let doc: Doc;
  let text: string;
  beforeAll(async () => {
    text = await (await service().app.request("/openapi.json")).text();
    doc = JSON.parse(text) as Doc;
  });

  const param = (path: string, name: string) => doc.paths[path].get.parameters!.find((p) => p.name === name)!;

  it("passes Redocly's recommended rules with zero errors, and every example validates against its schema", async () => {
    const problems = await redoclyProblems(text);
    expect(problems.filter((p) => p.severity === "error").map((p) => p.line)).toEqual([]);
    // The 402 examples carry resource.serviceName as the live answer does (113 such warnings before 35.3).
    expect(problems.filter((p) => p.ruleId === "no-invalid-media-type-examples").map((p) => p.line)).toEqual([]);
  });

  it("marks ticker and dates required and states the spec's defaults and bounds", () => {
    for (const name of ["ticker", "start_date", "end_date"]) expect(param("/get_patterns", name).required, name).toBe(true);
    expect(param("/get_patterns", "k").schema).toMatchObject({ default: 3, minimum: 1, maximum: 50 });
    expect(param("/get_patterns", "wrap").schema.default).toBe(true);
    expect(param("/get_market_movers", "count").schema.default).toBeDefined();
  });

  it("documents one example per error code, a payment security scheme on paid operations and security: [] on free ones", () => {
    expect(Object.keys(doc.components.securitySchemes ?? {})).toEqual(expect.arrayContaining(["x402", "mpp"]));
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const where = `${method} ${path}`;
        if (op["x-payment-info"] === undefined) expect(op.security, where).toEqual([]);
        else expect(op.security, where).toContainEqual({ x402: [] });
        for (const [status, written] of Object.entries(op.responses)) {
          if (Number(status) < 400 || status === "402") continue;
          const examples = resolveRef<ResponseDoc>(doc, written)!.content!["application/json"].examples!;
          expect(Object.keys(examples).length, `${where} ${status}`).toBeGreaterThan(0);
          for (const [code, { value }] of Object.entries(examples)) expect(value.error.code, `${where} ${status}`).toBe(code);
        }
      }
    }
    const codes = Object.keys(resolveRef<ResponseDoc>(doc, doc.paths["/get_latest_price"].get.responses["404"])!.content!["application/json"].examples!);
    expect(codes).toContain("UNKNOWN_TICKER");
    expect(doc.info.contact).toBeDefined();
    expect(typeof doc.info["x-guidance"]).toBe("string");
  });

  it("shows as the 402 example exactly the PaymentRequired an unpaid call receives (less the bazaar extension)", async () => {
    for (const path of ["/get_latest_price", "/api", "/screen"]) {
      const res = await service().app.request(path, { method: "POST" });
      expect(res.status).toBe(402);
      const { extensions: _bazaar, ...live } = decodeHeader(res.headers.get("payment-required"));
      expect(resolveRef<ResponseDoc>(doc, doc.paths[path].post.responses["402"])!.content!["application/json"].example, path).toEqual(live);
    }
  });

  it("enforces the faucet's documented bounds (1 to 1000 USD)", async () => {
    const amount = doc.paths["/dev/faucet"].post.parameters!.find((p) => p.name === "amount")!;
    expect([amount.schema.minimum, amount.schema.maximum]).toEqual([1, 1000]);
    const res = await service().app.request("/dev/faucet?address=0x1111111111111111111111111111111111111111&amount=0.000001", { method: "POST" });
    expect(res.status).toBe(422);
  });
});
