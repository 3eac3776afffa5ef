import { Hono } from "hono";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../src/domain/app-error.js";
import type { AppEnv } from "../../src/http/app-env.js";
import { errorResponse } from "../../src/http/error-responses.js";
import { heavyRouteBulkhead } from "../../src/http/middleware/heavy-route-bulkhead.js";
import { createTestPayer, type TestPayer } from "../support/test-payer.js";
import { suiteService } from "../support/suite-service.js";
import { resolveRef } from "../support/openapi-refs.js";

/** A heavy route whose calls finish only when the test says so, behind a bulkhead of `limit`. */
function gatedApp(limit: number, maxWaitMs = 5_000, maxQueue = 10) {
  const entered: string[] = [];
  const finishers = new Map<string, () => void>();
  const app = new Hono<AppEnv>();
  app.onError((error, c) => (error instanceof AppError ? errorResponse(c, error) : c.text("bug", 500)));
  app.use("*", heavyRouteBulkhead({ isHeavy: (path) => path === "/heavy", limit, maxWaitMs, maxQueue }));
  app.post("*", async (c) => {
    const id = c.req.query("id") ?? "?";
    entered.push(id);
    await new Promise<void>((resolve) => finishers.set(id, resolve));
    return c.text(id);
  });
  const call = (path: string, id: string, paid = true) =>
    app.request(`${path}?id=${id}`, { method: "POST", headers: paid ? { "PAYMENT-SIGNATURE": "e30=" } : {} });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 10));
  return { app, entered, finish: (id: string) => finishers.get(id)!(), call, settle };
}

describe("heavy-route bulkhead", () => {
  it("runs at most `limit` paid heavy calls at once and admits the waiting ones in arrival order", async () => {
    const t = gatedApp(2);
    const answers = ["a", "b", "c", "d"].map((id) => t.call("/heavy", id));
    await t.settle();
    expect(t.entered).toEqual(["a", "b"]);
    t.finish("b");
    await t.settle();
    expect(t.entered).toEqual(["a", "b", "c"]);
    t.finish("a");
    await t.settle();
    expect(t.entered).toEqual(["a", "b", "c", "d"]);
    t.finish("c");
    t.finish("d");
    expect(await Promise.all(answers.map(async (r) => (await r).status))).toEqual([200, 200, 200, 200]);
  });

  it("never holds back a quote (no payment), a cheap route, or anything when the limit is 0", async () => {
    const t = gatedApp(1);
    void t.call("/heavy", "paid");
    await t.settle();
    void t.call("/heavy", "quote", false);
    void t.call("/cheap", "cheap");
    await t.settle();
    expect(t.entered).toEqual(["paid", "quote", "cheap"]);
    const off = gatedApp(0);
    for (const id of ["x", "y", "z"]) void off.call("/heavy", id);
    await off.settle();
    expect(off.entered).toEqual(["x", "y", "z"]);
  });

  it("turns a call away with 503 BUSY and Retry-After when no slot frees in time or the queue is full, before the route (and the payment gate) runs", async () => {
    const t = gatedApp(1, 40, 1);
    void t.call("/heavy", "first");
    await t.settle();
    const waits = t.call("/heavy", "second");
    const full = await t.call("/heavy", "third");
    expect(full.status).toBe(503);
    expect(full.headers.get("retry-after")).toBe("2");
    expect(((await full.json()) as { error: { code: string } }).error.code).toBe("BUSY");
    const timedOut = await waits;
    expect([timedOut.status, ((await timedOut.json()) as { error: { code: string } }).error.code]).toEqual([503, "BUSY"]);
    expect(t.entered).toEqual(["first"]);
    // The slot the timed-out call never took is still there for the next one.
    t.finish("first");
    await t.settle();
    void t.call("/heavy", "fourth");
    await t.settle();
    expect(t.entered).toEqual(["first", "fourth"]);
  });
});

describe("heavy-route bulkhead in the service", () => {
  const service = suiteService({ env: { HEAVY_ROUTE_CONCURRENCY: "1" } });
  let payer: TestPayer;
  beforeAll(async () => {
    payer = await createTestPayer(service());
  });

  it("queues concurrent paid searches one at a time and answers each of them", async () => {
    const path = "/get_patterns?ticker=AAPL&start_date=2024-06-03&end_date=2024-09-03&k=5";
    const statuses = await Promise.all([1, 2, 3].map(async () => (await payer.pay(path)).status));
    expect(statuses).toEqual([200, 200, 200]);
  });

  it("documents 503 BUSY on the search-based routes only", async () => {
    const doc = (await (await service().app.request("/openapi.json")).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    };
    expect(resolveRef<{ description: string }>(doc, doc.paths["/get_patterns"]?.post?.responses["503"])?.description).toContain("BUSY");
    expect(resolveRef<{ description: string }>(doc, doc.paths["/playbook"]?.post?.responses["503"])?.description).toContain("BUSY");
    expect(resolveRef<{ description: string }>(doc, doc.paths["/get_latest_price"]?.post?.responses["503"])?.description ?? "").not.toContain("BUSY");
  });
});
