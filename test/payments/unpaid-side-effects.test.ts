import { beforeAll, describe, expect, it } from "vitest";
import { failingSettlement } from "../support/failing-settlement.js";
import { queryOf } from "../support/query-of.js";
import { campaignPath, ROUTER_CAMPAIGN } from "../support/ad-campaigns.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { createTestPayer, type TestPayer } from "../support/test-payer.js";
import { suiteService } from "../support/suite-service.js";

/**
 * What a paid call records (a campaign, a sponsorship) stands only if its payment settles: when settlement
 * fails after the handler answered, the body is withheld and the record is taken back.
 */
describe.skipIf(!SHARED_PRESENT)("records of paid calls whose settlement fails", () => {
  const service = suiteService({ wrapFacilitator: failingSettlement });
  let payer: TestPayer;
  beforeAll(async () => {
    payer = await createTestPayer(service(), 10_000_000n);
  });

  it("takes back an ad campaign: not served, not in the network's counts", async () => {
    const res = await payer.pay(campaignPath(ROUTER_CAMPAIGN));
    expect(res.status).toBe(402);
    const rows = await service().database.db.selectFrom("ad_campaigns").select("id").execute();
    expect(rows).toEqual([]);
    const served = (await (await service().app.request("/api/ads/serve?placement=router&keywords=crypto")).json()) as { filled: boolean };
    expect(served.filled).toBe(false);
  });

  it("takes back a season sponsorship: the rounds listing shows no sponsor", async () => {
    const res = await payer.pay(`/api/arena/sponsor?${queryOf({ amount_usd: 1, sponsor: "Acme Research", message: "Forecasting for everyone" })}`);
    expect(res.status).toBe(402);
    const rows = await service().database.db.selectFrom("arena_sponsorships").select("sponsorship_id").execute();
    expect(rows).toEqual([]);
    const listing = (await (await service().app.request("/api/arena/rounds")).json()) as { sponsors: unknown[] };
    expect(listing.sponsors).toEqual([]);
    expect(await payer.balance()).toBe(10_000_000n);
  });
});
