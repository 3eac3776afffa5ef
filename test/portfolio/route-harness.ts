import { expect } from "vitest";
import { createTestPayer } from "../support/test-payer.js";
import { startTestService, type TestServiceOptions } from "../support/test-service.js";

export type TestService = Awaited<ReturnType<typeof startTestService>>;
export type Call = (url: string) => Promise<{ status: number; body: Record<string, any> }>;

/** The real service (embedded chain, offline dataset) with a funded payer: `call` pays for each request. */
export async function startPaidService(options: TestServiceOptions = {}): Promise<{ service: TestService; call: Call; expect422: (url: string, param: string) => Promise<void> }> {
  const service = await startTestService(options);
  const payer = await createTestPayer(service, 100_000_000n);
  const call: Call = async (url) => {
    const res = await payer.pay(url);
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const expect422 = async (url: string, param: string) => {
    const { status, body } = await call(url);
    expect(status, url).toBe(422);
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(body.error.details.map((d: { param: string }) => d.param)).toContain(param);
  };
  return { service, call, expect422 };
}
