import { Ajv2020 } from "ajv/dist/2020.js";
import { beforeAll, describe, expect, it } from "vitest";
import { createTestPayer, type TestPayer } from "../support/test-payer.js";
import { queryExamples } from "../support/openapi-examples.js";
import { resolveRef, responsePath } from "../support/openapi-refs.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { suiteService } from "../support/suite-service.js";

type ResponseDoc = { content?: { "application/json": { example?: unknown } } };
type OperationDoc = {
  operationId: string;
  parameters?: { name: string; in: string; required?: boolean; schema?: { enum?: unknown[]; example?: unknown } }[];
  requestBody?: { content: { "application/json": { example?: Record<string, unknown> } } };
  responses: Record<string, ResponseDoc | { $ref: string }>;
  "x-payment-info"?: unknown;
};
type OpenApiDoc = { paths: Record<string, Record<string, OperationDoc>> };

/** Routes whose data the offline dataset does not hold at all (no sector ETF): nothing served, nothing charged. */
const UNSERVABLE_OFFLINE: Record<string, [number, string]> = {
  "/api/sectors/momentum": [404, "UNKNOWN_TICKER"],
  // The example origin needs the network; test DNS resolves no such name, so the probe refuses it before any request.
  "/api/probe": [422, "VALIDATION_FAILED"],
  // The arena examples name a round and an agent of the recorded Hyperliquid data; this deployment opened none.
  "/api/arena/predict": [404, "NOT_FOUND"],
  "/api/arena/diagnostic": [404, "NOT_FOUND"],
  // Live Hyperliquid account data only: offline there is no account to read (replayed in test/trading).
  "/trading/portfolio": [503, "UPSTREAM_UNAVAILABLE"],
  // Lists this fresh deployment has nothing for (no client in its request log, no router event, no ranked agent): an empty
  // list serves nothing, so 404 and uncharged (test/contracts/charge-only-for-served.test.ts); test/demand and
  // test/arena check their 200 bodies against these schemas on logs that hold rows.
  ...Object.fromEntries(
    ["top", "unmet", "conversion", "intent", "crawl-to-refer", "matches", "reliability"].map((r) => [`/api/demand/${r}`, [404, "NO_DATA"] as [number, string]]),
  ),
  "/api/arena/performance": [404, "NO_DATA"],
};

/**
 * Feeds no public recording exists for (../shared/fixtures/README.md): offline, with nothing stored, they can
 * only answer 503 UPSTREAM_UNAVAILABLE with Retry-After, never a made-up 200. (/get_hardware_prices has none either,
 * but its market_index comes from the dataset's daily closes: it must answer 200.)
 */
const NO_RECORDING = new Set(["/get_trends"]);

/** Operations that answer a redirect instead of a body, with the Location their documented example leads to. */
const REDIRECTS: Record<string, string> = { "/api/discover/go": "https://weather.x402app.org/weather" };

/**
 * Walks the served /openapi.json: for every operation, the documented example answers 200 with a body valid
 * against the documented schema (paid routes are paid for, on the embedded chain), a missing or invalid
 * parameter answers 422 naming it, and an unpaid call to a paid route answers 402.
 */
describe.skipIf(!SHARED_PRESENT)("contract walk of /openapi.json", () => {
  const service = suiteService();
  let doc: OpenApiDoc;
  let payer: TestPayer;
  let ajv: InstanceType<typeof Ajv2020>;
  const operations: { path: string; method: string; op: OperationDoc }[] = [];

  beforeAll(async () => {
    const res = await service().app.request("/openapi.json");
    expect(res.status).toBe(200);
    doc = (await res.json()) as OpenApiDoc;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) operations.push({ path, method: method.toUpperCase(), op });
    }
    payer = await createTestPayer(service(), 100_000_000n);
    ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(doc, "openapi");
  });

  const pointer = (...parts: string[]) => `openapi#/${parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/")}`;

  function exampleParams(path: string): Record<string, string> {
    const post = doc.paths[path].post ?? doc.paths[path].get;
    // GET-only operations document their example values on the query parameters.
    const example = post.requestBody?.content["application/json"].example ?? queryExamples(post);
    return Object.fromEntries(Object.entries(example).map(([k, v]) => [k, String(v)]));
  }

  async function call(path: string, method: string, params: Record<string, string>, paid: boolean): Promise<Response> {
    const url = `${path}?${new URLSearchParams(params)}`;
    if (!paid) return service().app.request(url, { method });
    // A dynamically priced route answers bad parameters with 422 before any 402: there is nothing to pay then.
    const quote = await service().app.request(url, { method });
    if (quote.status !== 402) return quote;
    return service().app.request(url, { method, headers: { "PAYMENT-SIGNATURE": await payer.paymentFor(url, method as "GET" | "POST") } });
  }

  it("documents the served operations with examples", () => {
    expect(operations.length).toBeGreaterThanOrEqual(10);
    for (const { path, op } of operations) {
      if (REDIRECTS[path] !== undefined) {
        expect(op.responses["302"], `${path} 302`).toBeDefined();
        continue;
      }
      expect(resolveRef<ResponseDoc>(doc, op.responses["200"])?.content?.["application/json"].example, `${path} example`).toBeDefined();
      if (op["x-payment-info"] !== undefined) expect(op.responses["402"], `${path} 402`).toBeDefined();
    }
  });

  /** Status and cancel examples name an alert or a campaign: create one through the family's documented example first. */
  async function withLiveWatchId(path: string, params: Record<string, string>): Promise<Record<string, string>> {
    if (params.campaign_id !== undefined) {
      const res = await call("/api/ads/campaign", "POST", exampleParams("/api/ads/campaign"), true);
      expect(res.status, "/api/ads/campaign").toBe(200);
      return { ...params, campaign_id: ((await res.json()) as { campaign_id: string }).campaign_id };
    }
    if (params.watch_id === undefined) return params;
    const register = path.startsWith("/watch/") ? "/watch/register" : "/pattern_alert";
    const res = await call(register, "POST", exampleParams(register), true);
    expect(res.status, register).toBe(200);
    return { ...params, watch_id: ((await res.json()) as { watch_id: string }).watch_id };
  }

  it("answers each documented example with 200 and a schema-valid body", async () => {
    for (const { path, method, op } of operations) {
      const paid = op["x-payment-info"] !== undefined;
      const res = await call(path, method, await withLiveWatchId(path, exampleParams(path)), paid);
      if (REDIRECTS[path] !== undefined) {
        expect([path, res.status, res.headers.get("location")]).toEqual([path, 302, REDIRECTS[path]]);
        continue;
      }
      const body = (await res.json()) as { error?: { code: string } };
      if (path in UNSERVABLE_OFFLINE) {
        expect([path, res.status, body.error?.code]).toEqual([path, ...UNSERVABLE_OFFLINE[path]]);
        continue;
      }
      if (NO_RECORDING.has(path) && res.status === 503) {
        expect([body.error?.code, Number(res.headers.get("retry-after")) > 0]).toEqual(["UPSTREAM_UNAVAILABLE", true]);
        continue;
      }
      expect(res.status, `${method} ${path}: ${JSON.stringify(body).slice(0, 300)}`).toBe(200);
      const validate = ajv.getSchema(pointer(...responsePath(doc, path, method.toLowerCase(), "200"), "content", "application/json", "schema"));
      expect(validate, `${path} schema`).toBeDefined();
      expect(validate!(body), `${method} ${path}: ${JSON.stringify(validate!.errors)}`).toBe(true);
      expect(res.headers.get("x-response-signature")).toMatch(/^0x/);
    }
    // Every documented operation paid for and answered in turn (76 of them): longer than one route's test.
  }, 180_000);

  it("answers a missing or invalid parameter with 422 naming it", async () => {
    let checked = 0;
    for (const { path, method, op } of operations) {
      const params = exampleParams(path);
      const required = op.parameters?.find((p) => p.in === "query" && p.required);
      const enumerated = op.parameters?.find((p) => p.in === "query" && p.schema?.enum !== undefined);
      const broken = required ?? enumerated;
      if (broken === undefined) continue;
      if (broken === required) delete params[broken.name];
      else params[broken.name] = "not-a-valid-choice";
      const paid = op["x-payment-info"] !== undefined;
      const res = await call(path, method, params, paid);
      expect(res.status, `${method} ${path}`).toBe(422);
      const body = (await res.json()) as { error: { code: string; details: { param: string }[] } };
      expect(body.error.code).toBe("VALIDATION_FAILED");
      expect(body.error.details.map((d) => d.param)).toContain(broken.name);
      checked += 1;
    }
    expect(checked).toBeGreaterThanOrEqual(4);
  });

  it("answers an unpaid call to every paid operation with 402", async () => {
    let paidCount = 0;
    for (const { path, method, op } of operations) {
      if (op["x-payment-info"] === undefined) continue;
      paidCount += 1;
      // With the example's parameters: a dynamically priced route can only quote valid ones.
      const res = await service().app.request(`${path}?${new URLSearchParams(exampleParams(path))}`, { method });
      expect(res.status, `${method} ${path}`).toBe(402);
      expect(res.headers.get("payment-required")).not.toBeNull();
    }
    expect(paidCount).toBeGreaterThanOrEqual(4);
  });
});
