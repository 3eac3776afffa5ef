import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALERT_DELIVERY_JOB, ALERT_EVALUATION_JOB } from "../../src/jobs/alert-jobs.js";
import { FakeClock } from "../support/fake-clock.js";
import { startLocalReceiver, type LocalReceiver, type ReceivedRequest } from "../support/local-receiver.js";
import { startPaidService, type PaidService } from "../support/paid-routes.js";
import { queryOf } from "../support/query-of.js";
import { ControllablePrices, wave } from "./controllable-prices.js";

const DAY_MS = 86_400_000;
const START_MS = Date.parse("2026-01-05T15:00:00Z");
const TODAY_MS = Date.parse("2026-01-05T00:00:00Z");

describe("alerts end to end: controllable prices, a local webhook receiver, fake clock, jobs.runNow", () => {
  const clock = new FakeClock(START_MS);
  const prices = new ControllablePrices();
  let receiver: LocalReceiver;
  let paid: PaidService;

  beforeAll(async () => {
    prices.set("AAPL", wave(300, 100), TODAY_MS);
    prices.set("MSFT", wave(300, 400, 2), TODAY_MS);
    prices.set("NVDA", wave(300, 50, 3), TODAY_MS);
    receiver = await startLocalReceiver();
    paid = await startPaidService({
      clock,
      marketData: { prices },
      // The receiver listens on 127.0.0.1 under a dev host name; 127.0.0.1 itself stays forbidden.
      env: { OUTBOUND_ALLOW_HOSTS: "webhook.test", MARKET_DATA_DIR: "" },
      outboundResolve: async (host) => {
        if (host === "webhook.test") return [{ address: "127.0.0.1", family: 4 }];
        if (host === "private.example.com") return [{ address: "10.0.0.7", family: 4 }];
        if (host === "metadata.example.com") return [{ address: "169.254.169.254", family: 4 }];
        throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: "ENOTFOUND" });
      },
    });
  });
  afterAll(async () => {
    await paid?.service.close();
    await receiver?.close();
  });

  const hook = (name: string) => `http://webhook.test:${receiver.port}/hook/${name}`;
  const hits = (name: string) => receiver.requests.filter((r) => r.path === `/hook/${name}`);
  const runJobs = async () => {
    await paid.service.jobs.runNow(ALERT_EVALUATION_JOB);
    await paid.service.jobs.runNow(ALERT_DELIVERY_JOB);
  };
  /** A new trading day: the clock moves on and the source has the day's close. */
  const nextDay = (closes: Record<string, number>) => {
    clock.advance(DAY_MS);
    for (const [ticker, close] of Object.entries(closes)) prices.push(ticker, close, clock.nowMs());
  };
  const free = async (path: string) => {
    const res = await paid.service.app.request(path, { method: "POST" });
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  async function register(params: Record<string, string | number>, route = "/watch/register") {
    const { status, body } = await paid.call(`${route}?${queryOf(params)}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  }

  async function verifyDelivery(request: ReceivedRequest, secret: string, watchId: string): Promise<void> {
    const expected = `sha256=${createHmac("sha256", secret).update(request.body).digest("hex")}`;
    expect(request.headers["x-precedent-signature"]).toBe(expected);
    expect(request.headers["idempotency-key"]).toBe(watchId);
    expect(request.headers["x-signer"]).toBe(paid.service.signer.address);
    const check = await paid.service.app.request("/verify_signature", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ body: request.body, sig: request.headers["x-response-signature"] }),
    });
    expect(((await check.json()) as { valid: boolean }).valid).toBe(true);
  }

  it("fires once: one signed POST whose HMAC and response signature the receiver verifies, then never again", async () => {
    const alert = await register({ ticker: "AAPL", condition: "price_above", threshold: 150, webhook_url: hook("once") });
    expect(alert.watch_id).toMatch(/^[0-9a-f]{32}$/);
    expect([alert.status, alert.secret.length, alert.status_url]).toEqual(["active", 64, `http://precedent.test/watch/status?watch_id=${alert.watch_id}`]);
    await runJobs();
    expect(hits("once")).toHaveLength(0);
    expect((await free(`/watch/status?watch_id=${alert.watch_id}`)).body).toMatchObject({ status: "active", last_observed_bar: "2026-01-05" });

    nextDay({ AAPL: 160, MSFT: 400, NVDA: 50 });
    await runJobs();
    expect(hits("once")).toHaveLength(1);
    const [request] = hits("once");
    await verifyDelivery(request, alert.secret, alert.watch_id);
    const payload = JSON.parse(request.body);
    expect(payload).toMatchObject({
      event: "alert.triggered",
      watch_id: alert.watch_id,
      alert_type: "price",
      ticker: "AAPL",
      condition: "price_above",
      threshold: 150,
      observed_value: 160,
      observed_bar: "2026-01-06",
      triggered_at: new Date(clock.nowMs()).toISOString(),
    });

    nextDay({ AAPL: 170, MSFT: 400, NVDA: 50 });
    await runJobs();
    await runJobs();
    expect(hits("once")).toHaveLength(1);
    const status = (await free(`/watch/status?watch_id=${alert.watch_id}`)).body;
    expect(status).toMatchObject({ status: "delivered", triggered_value: 160, attempts: [{ attempt: 1, http_status: 200, error: null }] });
    expect(status.secret).toBeUndefined();
  });

  it("retries after 500s with backoff, records each attempt, then delivers the same body", async () => {
    let failuresLeft = 2;
    receiver.reply = (r) => (r.path === "/hook/retry" && failuresLeft-- > 0 ? { status: 500 } : { status: 200 });
    const alert = await register({ ticker: "MSFT", condition: "change_pct_below", threshold: -0.1, webhook_url: hook("retry") });
    nextDay({ AAPL: 170, MSFT: 300, NVDA: 50 }); // -25%
    await runJobs();
    expect((await free(`/watch/status?watch_id=${alert.watch_id}`)).body).toMatchObject({ status: "triggered", attempts: [{ attempt: 1, http_status: 500 }] });
    // Not due yet: the first retry waits 30 to 60 s.
    await paid.service.jobs.runNow(ALERT_DELIVERY_JOB);
    expect(hits("retry")).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      clock.advance(13 * 3_600_000);
      await paid.service.jobs.runNow(ALERT_DELIVERY_JOB);
    }
    const status = (await free(`/watch/status?watch_id=${alert.watch_id}`)).body;
    expect(status.status).toBe("delivered");
    expect(status.attempts.map((a: { http_status: number }) => a.http_status)).toEqual([500, 500, 200]);
    expect(new Set(hits("retry").map((r) => r.body)).size).toBe(1);
    expect(hits("retry").map((r) => r.headers["x-precedent-attempt"])).toEqual(["1", "2", "3"]);
    await verifyDelivery(hits("retry")[2], alert.secret, alert.watch_id);
  });

  it("gives up after the sixth failed attempt", async () => {
    receiver.reply = (r) => (r.path === "/hook/down" ? { status: 503 } : { status: 200 });
    const alert = await register({ ticker: "NVDA", condition: "price_below", threshold: 30, webhook_url: hook("down") });
    nextDay({ AAPL: 170, MSFT: 300, NVDA: 20 });
    await runJobs();
    for (let i = 0; i < 8; i++) {
      clock.advance(13 * 3_600_000);
      await paid.service.jobs.runNow(ALERT_DELIVERY_JOB);
    }
    expect(hits("down")).toHaveLength(6);
    const status = (await free(`/watch/status?watch_id=${alert.watch_id}`)).body;
    expect(status.status).toBe("failed");
    expect(status.attempts).toHaveLength(6);
    expect(status.next_attempt_at).toBeNull();
  });

  it("expires an alert whose condition never held before expires_at, and then never fires", async () => {
    const alert = await register({ ticker: "AAPL", condition: "price_above", threshold: 1_000, webhook_url: hook("expiry"), expires_in_days: 1 });
    nextDay({ AAPL: 170, MSFT: 300, NVDA: 20 });
    clock.advance(3_600_000);
    await runJobs();
    expect((await free(`/watch/status?watch_id=${alert.watch_id}`)).body.status).toBe("expired");
    nextDay({ AAPL: 2_000, MSFT: 300, NVDA: 20 });
    await runJobs();
    expect(hits("expiry")).toHaveLength(0);
  });

  it("cancels before firing (twice is harmless) and then never fires", async () => {
    const alert = await register({ ticker: "AAPL", condition: "price_above", threshold: 5_000, webhook_url: hook("cancel") });
    const first = await free(`/watch/cancel?watch_id=${alert.watch_id}`);
    expect([first.status, first.body.status, first.body.cancelled_now]).toEqual([200, "cancelled", true]);
    const second = await free(`/watch/cancel?watch_id=${alert.watch_id}`);
    expect([second.status, second.body.status, second.body.cancelled_now]).toEqual([200, "cancelled", false]);
    nextDay({ AAPL: 6_000, MSFT: 300, NVDA: 20 });
    await runJobs();
    expect(hits("cancel")).toHaveLength(0);
    expect((await free(`/watch/status?watch_id=${"0".repeat(32)}`)).status).toBe(404);
    expect((await free(`/pattern_alert/status?watch_id=${alert.watch_id}`)).status).toBe(404);
  });

  it("asks the price source once per symbol per tick, however many alerts watch it", async () => {
    for (let i = 0; i < 4; i++) await register({ ticker: "MSFT", condition: "price_above", threshold: 10_000 + i, webhook_url: hook("batch") });
    await register({ ticker: "NVDA", condition: "price_above", threshold: 10_000, webhook_url: hook("batch") });
    nextDay({ AAPL: 6_000, MSFT: 300, NVDA: 20 });
    prices.calls.clear();
    await paid.service.jobs.runNow(ALERT_EVALUATION_JOB);
    expect(prices.calls.get("MSFT")).toBe(1);
    expect(prices.calls.get("NVDA")).toBe(1);
  });

  it("fires a pattern alert when the latest window has the reference's shape (similarity as /get_patterns)", async () => {
    const body = await register(
      { ticker: "NVDA", ref_ticker: "MSFT", ref_start: "2025-10-01", ref_end: "2025-10-21", webhook_url: hook("pattern"), max_similarity: 0.05, expires_in_days: 90 },
      "/pattern_alert",
    );
    expect([body.bars, body.max_similarity, body.status]).toEqual([20, 0.05, "active"]);
    // Twenty days of an unrelated shape: checked, not similar enough.
    for (const close of wave(20, 50, 5)) nextDay({ AAPL: 6_000, MSFT: 300, NVDA: close });
    await runJobs();
    const before = (await free(`/pattern_alert/status?watch_id=${body.watch_id}`)).body;
    expect(before.status).toBe("active");
    expect(before.last_similarity).toBeGreaterThan(0.05);
    expect(hits("pattern")).toHaveLength(0);
    // The next 20 NVDA days repeat the reference's shape at a fifth of its level: similarity 0.
    const refCloses = await referenceCloses("MSFT", "2025-10-01", 20);
    expect(refCloses).toHaveLength(20);
    for (const close of refCloses) nextDay({ AAPL: 6_000, MSFT: 300, NVDA: close / 5 });
    await runJobs();
    const [request] = hits("pattern");
    expect(request).toBeDefined();
    const payload = JSON.parse(request.body);
    expect(payload).toMatchObject({ alert_type: "pattern", condition: "similarity_at_most", reference: { ticker: "MSFT", start: "2025-10-01", end: "2025-10-21" } });
    expect(payload.observed_value).toBeLessThan(1e-6);
    await verifyDelivery(request, body.secret, body.watch_id);
    expect((await free(`/pattern_alert/status?watch_id=${body.watch_id}`)).body).toMatchObject({ status: "delivered" });
    // Cancelling a delivered pattern alert changes nothing and answers it in the pattern form.
    const cancel = await free(`/pattern_alert/cancel?watch_id=${body.watch_id}`);
    expect([cancel.status, cancel.body.status, cancel.body.cancelled_now, cancel.body.ref_ticker]).toEqual([200, "delivered", false, "MSFT"]);
  });

  it("answers a bad pattern reference with 422 naming ref_start/ref_end and an unknown ticker with 404, uncharged", async () => {
    const before = await paid.payer.balance();
    const base = { ticker: "NVDA", ref_ticker: "MSFT", webhook_url: hook("bad") };
    const cases: [Record<string, string>, number, string | undefined][] = [
      [{ ref_start: "2025-10-01", ref_end: "2025-10-03" }, 422, "ref_start"], // 2 bars: fewer than 5
      [{ ref_start: "2025-10-21", ref_end: "2025-10-01" }, 422, "ref_start"], // reversed
      [{ ref_start: "2024-01-01", ref_end: "2025-10-01" }, 422, "ref_end"], // more than half of the 300-bar history
      [{ ref_start: "2025-10-01", ref_end: "2025-10-21", ref_ticker: "ZZZZQ" }, 404, undefined],
    ];
    for (const [params, status, param] of cases) {
      const res = await paid.call(`/pattern_alert?${queryOf({ ...base, ...params })}`);
      expect([params, res.status]).toEqual([params, status]);
      if (param !== undefined) expect(res.body.error.details.map((d: { param: string }) => d.param)).toContain(param);
    }
    expect(await paid.payer.balance()).toBe(before);
  });

  /** The reference closes as the service itself serves them (paid /get_price_history), not recomputed here. */
  async function referenceCloses(ticker: string, start: string, count: number): Promise<number[]> {
    const end = new Date(Date.parse(start) + (count - 1) * DAY_MS).toISOString().slice(0, 10);
    const { status, body } = await paid.call(`/get_price_history?${queryOf({ ticker, start_date: start, end_date: end })}`);
    expect(status).toBe(200);
    return body.bars.map((b: { close: number }) => b.close);
  }

  it("refuses forbidden webhook URLs at registration with 422, uncharged, and nothing reaches the receiver", async () => {
    const p = receiver.port;
    const before = await paid.payer.balance();
    const connections = receiver.connections();
    const urls = [
      "ftp://hooks.example.com/x", "not a url", `https://127.0.0.1:${p}/`, "https://[::1]/", "https://[::ffff:127.0.0.1]/", "https://2130706433/",
      "https://0x7f.0.0.1/", "https://169.254.169.254/latest/meta-data", "https://100.64.0.1/", "https://[fd00::1]/", "https://localhost/",
      `http://127.0.0.1:${p}/hook/x`, `http://2130706433:${p}/hook/x`, `http://[::ffff:127.0.0.1]:${p}/hook/x`, "https://private.example.com/hook", "https://metadata.example.com/hook", "https://nowhere.example.com/hook", `http://localhost:${p}/hook/x`,
    ];
    for (const url of urls) {
      const { status, body } = await paid.call(`/watch/register?${queryOf({ ticker: "AAPL", condition: "price_above", threshold: 1, webhook_url: url })}`);
      expect([url, status, body.error?.details?.[0]?.param]).toEqual([url, 422, "webhook_url"]);
    }
    expect(await paid.payer.balance()).toBe(before);
    expect(receiver.connections()).toBe(connections);
    const unknown = await paid.call(`/watch/register?${queryOf({ ticker: "ZZZZQ", condition: "price_above", threshold: 1, webhook_url: hook("x") })}`);
    expect(unknown.status).toBe(404);
  });

  it("re-checks every redirect at delivery: a hop to a forbidden host is refused and recorded, the target never reached", async () => {
    receiver.reply = (r) => (r.path === "/hook/redirect" ? { status: 307, headers: { location: `http://localhost:${receiver.port}/secret` } } : { status: 200 });
    const alert = await register({ ticker: "AAPL", condition: "price_above", threshold: 1, webhook_url: hook("redirect") });
    await runJobs();
    expect(hits("redirect")).toHaveLength(1);
    expect(receiver.requests.filter((r) => r.path === "/secret")).toHaveLength(0);
    const status = (await free(`/watch/status?watch_id=${alert.watch_id}`)).body;
    expect(status.status).toBe("triggered");
    expect(status.attempts[0]).toMatchObject({ http_status: null });
    expect(status.attempts[0].error).toMatch(/refused/);
  });
});
