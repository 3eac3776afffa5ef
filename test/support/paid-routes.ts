import { afterAll, beforeAll, expect } from "vitest";
import { createTestPayer, type TestPayer } from "./test-payer.js";
import { startTestService, type TestService, type TestServiceOptions } from "./test-service.js";

type Body = Record<string, any>;
export type PaidCall = (url: string, init?: RequestInit) => Promise<{ status: number; body: Body }>;

/** A caller that pays for every request it makes (POST, parameters as given in the URL or init). */
export function paidCaller(payer: TestPayer): PaidCall {
  return async (url, init) => {
    const res = await payer.pay(url, "POST", init);
    return { status: res.status, body: (await res.json()) as Body };
  };
}

export interface PaidService {
  service: TestService;
  payer: TestPayer;
  call: PaidCall;
  /** The URL answers 422 VALIDATION_FAILED with a detail naming `param`. */
  expect422(url: string, param: string): Promise<void>;
}

/** The real service (embedded chain, shared daily dataset unless overridden) with a funded payer. */
export async function startPaidService(options: TestServiceOptions = {}): Promise<PaidService> {
  const service = await startTestService(options);
  const payer = await createTestPayer(service, 100_000_000n);
  const call = paidCaller(payer);
  return { service, payer, call, expect422: (url, param) => expectRejected(call, url, param) };
}

/**
 * The same, started and closed by hooks around the enclosing describe block. The returned functions read the
 * started service lazily, so they may be captured at describe time.
 */
export function paidRoutes(options: TestServiceOptions = {}) {
  let started: PaidService | undefined;
  beforeAll(async () => {
    started = await startPaidService(options);
  });
  afterAll(async () => {
    await started?.service.close();
  });
  const current = () => {
    if (started === undefined) throw new Error("paidRoutes: the service has not started (use it inside tests)");
    return started;
  };
  return {
    call: ((url, init) => current().call(url, init)) as PaidCall,
    payer: () => current().payer,
    service: () => current().service,
    expect422: (url: string, param: string) => current().expect422(url, param),
  };
}

/** Each URL answers 422 VALIDATION_FAILED naming its parameter, and nothing is charged for any of them. */
export async function expectValidationFailures(
  harness: { call: PaidCall; payer: () => TestPayer },
  cases: readonly (readonly [url: string, param: string])[],
): Promise<void> {
  const before = await harness.payer().balance();
  for (const [url, param] of cases) await expectRejected(harness.call, url, param);
  expect(await harness.payer().balance()).toBe(before);
}

async function expectRejected(call: PaidCall, url: string, param: string): Promise<void> {
  const { status, body } = await call(url);
  expect([url, status, body.error?.code]).toEqual([url, 422, "VALIDATION_FAILED"]);
  expect(body.error.details.map((d: { param: string }) => d.param)).toContain(param);
}
