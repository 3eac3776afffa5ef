import { describe, expect, it } from "vitest";
import type { SponsoredItem } from "../../src/services/arena/arena-service.js";
import { FakeClock } from "../support/fake-clock.js";
import { paidRoutes } from "../support/paid-routes.js";
import { queryOf } from "../support/query-of.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { decodeHeader } from "../support/test-payer.js";

type Accepts = { accepts: { amount: string }[] };

describe.skipIf(!SHARED_PRESENT)("arena sponsorships: dynamic price = amount_usd, shown in the round listing", () => {
  let adNetwork: "item" | "none" | "broken" = "none";
  const placements: string[] = [];
  const sponsoredFor = async (placement: string): Promise<SponsoredItem | null> => {
    placements.push(placement);
    if (adNetwork === "broken") throw new Error("ad network down");
    return adNetwork === "item" ? { title: "Backtest API", url: "https://ads.example.com/bt", description: "Walk-forward tests", campaignId: "cmp_1" } : null;
  };
  const harness = paidRoutes({ clock: new FakeClock(Date.parse("2026-11-23T12:00:00.000Z")), arena: { coins: [], sponsoredFor } });
  const app = () => harness.service().app;
  const sponsorUrl = (params: Record<string, string | number>) => `/api/arena/sponsor?${queryOf(params)}`;

  it("quotes exactly amount_usd in the 402", async () => {
    const res = await app().request(sponsorUrl({ amount_usd: "12.34", sponsor: "Acme", message: "Hello agents" }), { method: "POST" });
    expect(res.status).toBe(402);
    expect(decodeHeader<Accepts>(res.headers.get("payment-required")).accepts[0].amount).toBe("12340000");
    const big = await app().request(sponsorUrl({ amount_usd: 1000, sponsor: "Acme", message: "Hello agents" }), { method: "GET" });
    expect(decodeHeader<Accepts>(big.headers.get("payment-required")).accepts[0].amount).toBe("1000000000");
  });

  it("answers an out-of-range amount or a bad sponsor or message with 422 before any 402", async () => {
    const cases: [Record<string, string | number>, string][] = [
      [{ amount_usd: "0.99", sponsor: "Acme", message: "Hi" }, "amount_usd"],
      [{ amount_usd: "1000.01", sponsor: "Acme", message: "Hi" }, "amount_usd"],
      [{ amount_usd: "1.234", sponsor: "Acme", message: "Hi" }, "amount_usd"],
      [{ amount_usd: "lots", sponsor: "Acme", message: "Hi" }, "amount_usd"],
      [{ amount_usd: "5", message: "Hi" }, "sponsor"],
      [{ amount_usd: "5", sponsor: " ", message: "Hi" }, "sponsor"],
      [{ amount_usd: "5", sponsor: "x".repeat(61), message: "Hi" }, "sponsor"],
      [{ amount_usd: "5", sponsor: "Acme", message: "y".repeat(201) }, "message"],
      [{ amount_usd: "5", sponsor: "Acme", message: "line one\nline two" }, "message"],
    ];
    for (const [params, param] of cases) {
      const res = await app().request(sponsorUrl(params), { method: "POST" });
      const body = (await res.json()) as { error: { code: string; details: { param: string }[] } };
      expect([params, res.status, body.error.code]).toEqual([params, 422, "VALIDATION_FAILED"]);
      expect(body.error.details.map((d) => d.param)).toContain(param);
    }
  });

  it("records a paid sponsorship of the current season and lists it, largest first, labelled sponsored", async () => {
    const before = await harness.payer().balance();
    const { status, body } = await harness.call(sponsorUrl({ amount_usd: "12.34", sponsor: "Acme Forecasting", message: "Calibrated agents welcome." }));
    expect(status).toBe(200);
    expect(await harness.payer().balance()).toBe(before - 12_340_000n);
    expect(body.sponsorship_id).toMatch(/^spn_[0-9a-f]{12}$/);
    expect(body).toMatchObject({
      season: { id: "2026-11", starts_at: "2026-11-01T00:00:00.000Z", ends_at: "2026-12-01T00:00:00.000Z" },
      sponsor: "Acme Forecasting",
      amount_usd: 12.34,
      sponsored: true,
      shown_until: "2026-12-01T00:00:00.000Z",
      shown_rank: 1,
    });
    expect(body.what_you_get).toMatch(/sponsors list of every \/api\/arena\/rounds answer/);
    const second = await harness.call(sponsorUrl({ amount_usd: 40, sponsor: "Bigger Co", message: "Hi" }));
    expect(second.body.shown_rank).toBe(1);

    const listing = (await (await app().request("/api/arena/rounds")).json()) as { sponsors: unknown[]; season: { id: string } };
    expect(listing.season.id).toBe("2026-11");
    expect(listing.sponsors).toEqual([
      { sponsor: "Bigger Co", message: "Hi", amount_usd: 40, since: "2026-11-23T12:00:00.000Z", sponsored: true },
      { sponsor: "Acme Forecasting", message: "Calibrated agents welcome.", amount_usd: 12.34, since: "2026-11-23T12:00:00.000Z", sponsored: true },
    ]);
  });

  it("shows the ad network's item for the rounds placement marked sponsored, and nothing when the network fails", async () => {
    const read = async () => ((await (await app().request("/api/arena/rounds")).json()) as { sponsored_item: unknown }).sponsored_item;
    adNetwork = "item";
    expect(await read()).toEqual({ sponsored: true, title: "Backtest API", url: "https://ads.example.com/bt", description: "Walk-forward tests", campaign_id: "cmp_1" });
    expect(placements.at(-1)).toBe("arena_rounds");
    adNetwork = "broken";
    const res = await app().request("/api/arena/rounds");
    expect(res.status).toBe(200);
    expect(await read()).toBeNull();
  });
});
