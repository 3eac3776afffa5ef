import { describe, expect, it } from "vitest";
import { GENERATED_EXAMPLES, UNGENERATED_EXAMPLES } from "../../scripts/examples/example-registry.js";
import { checkExamples, readExampleFile } from "../../scripts/examples/run-examples.js";
import { ENTRY_SCORING, LEADERBOARD_METHOD, SCORE_DEFINITIONS } from "../../src/contracts/arena/arena-texts.js";
import { findOperationContract, OPERATION_CONTRACTS } from "../../src/contracts/operation-contracts.js";
import { HOW_TO_PLAY, SETTLEMENT_METHOD, WHAT_A_SPONSOR_GETS } from "../../src/domain/arena-rules.js";
import { queryExamples } from "../support/openapi-examples.js";
import { resolveRef } from "../support/openapi-refs.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { suiteService } from "../support/suite-service.js";

type Body = Record<string, any>;
/** Every example kept as JSON, generated or not, with the operations it documents. */
const JSON_EXAMPLES = [...GENERATED_EXAMPLES, ...UNGENERATED_EXAMPLES].flatMap((e) => (e.file === undefined ? [] : [{ file: e.file, operations: e.operations }]));

describe("documented examples", () => {
  it("say, for every operation once, whether they are generated from a real run or why not", () => {
    const listed = [...GENERATED_EXAMPLES, ...UNGENERATED_EXAMPLES].flatMap((e) => e.operations);
    expect([...listed].sort()).toEqual(OPERATION_CONTRACTS.map((c) => c.operationId).sort());
  });

  it("are their contracts' examples, and fit the response schema: parsed, nothing is dropped, added or changed", () => {
    for (const { file, operations } of JSON_EXAMPLES) {
      const json = readExampleFile(file);
      for (const operation of operations) {
        const contract = findOperationContract(operation)!;
        const parsed = contract.response.safeParse(json.response);
        expect(parsed.error?.issues, `${operation} (${file})`).toBeUndefined();
        expect(parsed.data, `${operation} (${file})`).toStrictEqual(json.response);
        expect(contract.example, `${operation} (${file})`).toStrictEqual(json);
      }
    }
  });

  it("kept as data, still quote the arena's texts as the service words them", () => {
    const response = (name: string) => readExampleFile(`src/contracts/arena/${name}.example.json`).response as Body;
    expect([response("arena-rounds").how_to_play, response("arena-rounds").settlement]).toEqual([HOW_TO_PLAY, SETTLEMENT_METHOD]);
    expect(response("arena-predict").scoring).toBe(ENTRY_SCORING);
    expect(response("arena-diagnostic").definitions).toEqual(SCORE_DEFINITIONS);
    expect(response("arena-performance").method).toBe(LEADERBOARD_METHOD);
    expect(response("arena-sponsor").what_you_get).toBe(WHAT_A_SPONSOR_GETS);
  });
});

describe.skipIf(!SHARED_PRESENT)("generated examples against real runs", () => {
  it("are what the service answers now (npm run examples -- --check), each difference named by operation and field", async () => {
    const { problems } = await checkExamples();
    expect(problems).toEqual([]);
  }, 300_000);

  describe("/openapi.json", () => {
    const service = suiteService({ importRecordings: false });

    it("documents each JSON example: its params as the request's example values and its response as the 200 example", async () => {
      const doc = (await (await service().app.request("/openapi.json")).json()) as { paths: Record<string, Record<string, Body>> };
      const operationsDoc = Object.values(doc.paths).map((methods) => methods.post ?? methods.get);
      const byOperation = new Map(operationsDoc.map((op): [string, Body] => [op.operationId, op]));
      for (const { operations } of JSON_EXAMPLES) {
        for (const operation of operations) {
          const op = byOperation.get(operation)!;
          const { params, response } = findOperationContract(operation)!.example;
          // GET-only operations document their example values on the query parameters, those the example leaves at their default too.
          const bodyExample = op.requestBody?.content["application/json"].example;
          if (bodyExample === undefined) expect(queryExamples(op), `${operation} params`).toMatchObject(params);
          else expect(bodyExample, `${operation} params`).toEqual(params);
          // A response written once for the GET and POST forms is a reference into components.responses.
          expect(resolveRef<Body>(doc, op.responses["200"])!.content["application/json"].example, `${operation} response`).toEqual(response);
        }
      }
    });
  });
});
