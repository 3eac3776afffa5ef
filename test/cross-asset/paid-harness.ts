import { afterAll, beforeAll, expect } from "vitest";
import { createTestPayer, type TestPayer } from "../support/test-payer.js";
import { startTestService } from "../support/test-service.js";

type Body = Record<string, any>;
export type PaidCall = (url: string) => Promise<{ status: number; body: Body }>;

/** A paid caller on a service started with `startTestService(options)` (default: the shared daily dataset). */
export function paidCaller(payer: TestPayer): PaidCall {
  return async (url) => {
    const res = await payer.pay(url);
    return { status: res.status, body: (await res.json()) as Body };
  };
}

/**
 * Registers hooks that start the real service (embedded chain, shared daily dataset) and a funded payer for
 * the enclosing describe block; returns the paid caller and the payer (for balance checks).
 */
export function crossAssetService() {
  const state: { payer?: TestPayer; close?: () => Promise<void> } = {};
  beforeAll(async () => {
    const service = await startTestService();
    state.close = () => service.close();
    state.payer = await createTestPayer(service, 100_000_000n);
  });
  afterAll(async () => {
    await state.close?.();
  });
  return { call: ((url) => paidCaller(state.payer!)(url)) as PaidCall, payer: () => state.payer! };
}

/** Each URL answers 422 VALIDATION_FAILED with a detail naming its parameter. */
export async function expect422(call: PaidCall, cases: readonly (readonly [url: string, param: string])[]) {
  for (const [url, param] of cases) {
    const { status, body } = await call(url);
    expect([url, status, body.error?.code]).toEqual([url, 422, "VALIDATION_FAILED"]);
    expect(body.error.details.map((d: { param: string }) => d.param)).toContain(param);
  }
}
