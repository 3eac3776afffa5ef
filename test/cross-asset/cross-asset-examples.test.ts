import { describe, expect, it } from "vitest";
import { correlationMatrixContract } from "../../src/contracts/cross-asset/correlation-matrix.js";
import { macroAnalogContract } from "../../src/contracts/cross-asset/macro-analog.js";
import { playbookContract } from "../../src/contracts/cross-asset/playbook.js";
import type { OperationContract } from "../../src/contracts/operation-contract.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { paidRoutes } from "../support/paid-routes.js";
import { expectSameResponse } from "../support/same-response.js";

describe.skipIf(!SHARED_PRESENT)("documented cross-asset examples", () => {
  const { call } = paidRoutes();

  it("are exactly what the service answers on the shared dataset", async () => {
    const contracts: [string, OperationContract][] = [
      ["/playbook", playbookContract],
      ["/macro_analog", macroAnalogContract],
      ["/correlation_matrix", correlationMatrixContract],
    ];
    for (const [path, contract] of contracts) {
      const query = new URLSearchParams(Object.entries(contract.example.params).map(([k, v]): [string, string] => [k, String(v)]));
      const { status, body } = await call(`${path}?${query}`);
      expect(status, path).toBe(200);
      expectSameResponse(body, contract.example.response, path);
    }
  });
});
