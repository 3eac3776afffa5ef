import { afterAll, beforeAll, expect } from "vitest";
import { createTestPayer, type TestPayer } from "../support/test-payer.js";
import { startTestService } from "../support/test-service.js";

type Body = Record<string, any>;

/**
 * Registers the hooks that start the real service (embedded chain, shared daily dataset) and a funded payer
 * for the enclosing describe block, and returns a paid caller plus the payer (for balance checks).
 */
export function paidRoutes() {
  let service: Awaited<ReturnType<typeof startTestService>> | undefined;
  let payer: TestPayer;
  beforeAll(async () => {
    service = await startTestService();
    payer = await createTestPayer(service, 100_000_000n);
  });
  afterAll(async () => {
    await service?.close();
  });
  const call = async (url: string, init?: RequestInit) => {
    const res = await payer.pay(url, "POST", init);
    return { status: res.status, body: (await res.json()) as Body };
  };
  return { call, payer: () => payer };
}

/** Each URL answers 422 VALIDATION_FAILED naming its parameter, and nothing is charged for any of them. */
export async function expectValidationFailures(harness: ReturnType<typeof paidRoutes>, cases: [url: string, param: string][]) {
  const before = await harness.payer().balance();
  for (const [url, param] of cases) {
    const { status, body } = await harness.call(url);
    expect([url, status, body.error.code]).toEqual([url, 422, "VALIDATION_FAILED"]);
    expect(body.error.details.map((d: { param: string }) => d.param)).toContain(param);
  }
  expect(await harness.payer().balance()).toBe(before);
}

/** Example or test parameters as a query string. */
export const queryOf = (params: Record<string, string | number | boolean>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
