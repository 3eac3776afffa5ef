import { describe, expect, it } from "vitest";
import { DAY_MS } from "../../src/domain/bar.js";
import { purgeExpiredRequests } from "../../src/jobs/request-log-retention.js";
import { RETENTION_MS } from "../../src/services/client-keyer.js";
import { assistantLabel, ecosystemLabel } from "../../src/services/client-labels.js";
import { ClientKeySalts } from "../../src/storage/repos/client-key-salts.js";
import { RequestLog } from "../../src/storage/repos/request-log.js";
import { FakeClock } from "../support/fake-clock.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { createTestPayer } from "../support/test-payer.js";
import { suiteService } from "../support/suite-service.js";

describe("client labels", () => {
  it("reduces user-agents to ecosystem labels", () => {
    expect(ecosystemLabel("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)")).toBe("anthropic");
    expect(ecosystemLabel("Mozilla/5.0 (compatible; GPTBot/1.2)")).toBe("openai");
    expect(ecosystemLabel("x402scan/1.0")).toBe("monitor");
    expect(ecosystemLabel("python-requests/2.32.3")).toBe("agent-sdk");
    expect(ecosystemLabel("Mozilla/5.0 (X11; Linux x86_64) Firefox/130.0")).toBe("browser");
    expect(ecosystemLabel(undefined)).toBe("unknown");
    expect(ecosystemLabel("SomethingElse/1")).toBe("other");
  });

  it("reduces referrers to assistant labels", () => {
    expect(assistantLabel("https://chatgpt.com/c/abc")).toBe("openai");
    expect(assistantLabel("https://www.perplexity.ai/search?q=x")).toBe("perplexity");
    expect(assistantLabel("https://example.org/")).toBe("other");
    expect(assistantLabel(undefined)).toBeNull();
    expect(assistantLabel(undefined, "chatgpt.com")).toBe("openai");
    expect(assistantLabel("not a url")).toBe("other");
  });
});

describe.skipIf(!SHARED_PRESENT)("request log", () => {
  const clock = new FakeClock(Date.parse("2026-06-01T12:00:00Z"));
  const service = suiteService({ clock });

  it("records quote, served, free and error outcomes with labels and keyed clients, never raw user-agents", async () => {
    const log = new RequestLog(service().database.db);
    const ua = "Mozilla/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)";
    await service().app.request("/api", { headers: { "user-agent": ua, "x-forwarded-for": "203.0.113.7" } });
    await service().app.request("/api", { headers: { "user-agent": ua, "x-forwarded-for": "203.0.113.99" } });
    await service().app.request("/llms.txt", { headers: { referer: "https://claude.ai/chat/1" } });
    await service().app.request("/get_nothing");
    const payer = await createTestPayer(service());
    await payer.pay("/api");
    const rows = await log.since(0);
    const quotes = rows.filter((r) => r.outcome === "quote" && r.ecosystem === "openai");
    expect(quotes).toHaveLength(2);
    expect(quotes[0].clientKey).toBe(quotes[1].clientKey); // same /24 network and user-agent: one client
    expect(quotes[0].clientKey).toMatch(/^[0-9a-f]{32}$/);
    expect(quotes[0].priceUsd).toBe(0.01);
    expect(rows.find((r) => r.path === "/llms.txt")).toMatchObject({ outcome: "free", assistant: "anthropic", status: 200 });
    expect(rows.find((r) => r.status === 404)).toMatchObject({ outcome: "error", operationId: null });
    const served = rows.filter((r) => r.outcome === "served");
    expect(served).toHaveLength(1);
    expect(served[0].operationId).toBe("api");
    expect(JSON.stringify(rows)).not.toContain("GPTBot");
    expect(JSON.stringify(rows)).not.toContain("203.0.113");
  });

  it("purges rows older than 90 days and the salts of periods that are gone", async () => {
    const log = new RequestLog(service().database.db);
    const salts = new ClientKeySalts(service().database.db);
    const base = { requestId: "old", operationId: null, method: "GET", path: "/x", status: 200, outcome: "free" as const, priceUsd: null, clientKey: "k", ecosystem: "other", assistant: null, durationMs: 1 };
    await log.append({ ...base, tsMs: clock.nowMs() - RETENTION_MS - 1 });
    // Whole UTC days go at once: the day that began 90 days before today's start is gone, the next one is kept.
    await log.append({ ...base, requestId: "day-90", tsMs: Math.floor(clock.nowMs() / DAY_MS) * DAY_MS - RETENTION_MS + DAY_MS - 1 });
    await log.append({ ...base, requestId: "recent", tsMs: Math.floor(clock.nowMs() / DAY_MS) * DAY_MS - RETENTION_MS + DAY_MS });
    const ancientPeriod = Math.floor((clock.nowMs() - 3 * RETENTION_MS) / RETENTION_MS) * RETENTION_MS;
    const ancientSalt = await salts.saltFor(ancientPeriod);
    const purged = await purgeExpiredRequests(log, salts, clock);
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await log.since(0);
    expect(left.some((r) => r.requestId === "old")).toBe(false);
    expect(left.some((r) => r.requestId === "day-90")).toBe(false);
    expect(left.some((r) => r.requestId === "recent")).toBe(true);
    expect(await new ClientKeySalts(service().database.db).saltFor(ancientPeriod)).not.toBe(ancientSalt);
  });
});
