import { sql, type Kysely, type Selectable } from "kysely";
import type { AdCampaign, AdPlacement, CampaignState } from "../../domain/ad-campaign.js";
import type { AdCampaignsTable, DatabaseSchema } from "../database-schema.js";

export interface ServeCandidate {
  campaignId: string;
  matchedKeywords: string[];
}

/** What a charged impression shows: the campaign's creative as stored. */
export interface ChargedCreative {
  title: string;
  description: string;
  url: string;
}

export interface PlacementActivity {
  placement: string;
  impressions: number;
  clicks: number;
  /** Distinct advertisers whose campaigns had an impression in the window. */
  advertisers: number;
}

export interface ServeCounts {
  placement: string;
  requests: number;
  filled: number;
}

/**
 * Campaigns, their keywords, impressions and serve counters. Budget is consumed only by `chargeImpression`:
 * one conditional UPDATE (active and remaining >= the impression price) that either charges one impression or
 * changes nothing, so any number of concurrent serves, on any number of nodes, cannot overspend a campaign.
 */
export class AdStore {
  constructor(private readonly db: Kysely<DatabaseSchema>) {}

  /** Takes back a campaign whose payment failed to settle (it cannot have served: it was created in the same request). */
  async deleteCampaign(campaignId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("ad_campaign_keywords").where("campaign_id", "=", campaignId).execute();
      await trx.deleteFrom("ad_campaigns").where("id", "=", campaignId).execute();
    });
  }

  async insertCampaign(campaign: AdCampaign): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("ad_campaigns")
        .values({
          id: campaign.id,
          advertiser: campaign.advertiser,
          placement: campaign.placement,
          title: campaign.title,
          url: campaign.url,
          description: campaign.description,
          budget_micros: campaign.budgetMicros,
          impression_price_micros: campaign.impressionPriceMicros,
          remaining_micros: campaign.remainingMicros,
          state: campaign.state,
          created_at_ms: campaign.createdAtMs,
          exhausted_at_ms: campaign.exhaustedAtMs,
        })
        .execute();
      await trx
        .insertInto("ad_campaign_keywords")
        .values(campaign.keywords.map((keyword) => ({ campaign_id: campaign.id, keyword })))
        .execute();
    });
  }

  async getCampaign(id: string): Promise<AdCampaign | undefined> {
    const row = await this.db.selectFrom("ad_campaigns").selectAll().where("id", "=", id).executeTakeFirst();
    if (row === undefined) return undefined;
    // Keywords come back in insertion order on both databases only by rowid/ctid accident: sort for a stable answer.
    const keywords = await this.db.selectFrom("ad_campaign_keywords").select("keyword").where("campaign_id", "=", id).orderBy("keyword").execute();
    return toCampaign(row, keywords.map((k) => k.keyword));
  }

  /**
   * Active campaigns of a placement that can still pay for an impression and share at least one keyword with
   * `tokens`: most keywords matched first, then the largest share of its budget still unspent (equally matched
   * campaigns share impressions in proportion to their budgets), then most remaining budget, then oldest, then id.
   */
  async candidates(placement: AdPlacement, tokens: readonly string[], limit: number): Promise<ServeCandidate[]> {
    if (tokens.length === 0) return [];
    const rows = await this.db
      .selectFrom("ad_campaign_keywords as k")
      .innerJoin("ad_campaigns as c", "c.id", "k.campaign_id")
      .select(["c.id", "c.remaining_micros", "c.created_at_ms", (eb) => eb.fn.countAll<number>().as("matches"), sql<number>`c.remaining_micros * 1.0 / c.budget_micros`.as("unspent_share")])
      .where("k.keyword", "in", [...tokens])
      .where("c.placement", "=", placement)
      .where("c.state", "=", "active")
      .where((eb) => eb("c.remaining_micros", ">=", eb.ref("c.impression_price_micros")))
      .groupBy(["c.id", "c.remaining_micros", "c.budget_micros", "c.created_at_ms"])
      .orderBy("matches", "desc")
      .orderBy("unspent_share", "desc")
      .orderBy("c.remaining_micros", "desc")
      .orderBy("c.created_at_ms", "asc")
      .orderBy("c.id", "asc")
      .limit(limit)
      .execute();
    if (rows.length === 0) return [];
    const matched = await this.db
      .selectFrom("ad_campaign_keywords")
      .select(["campaign_id", "keyword"])
      .where("campaign_id", "in", rows.map((r) => r.id))
      .where("keyword", "in", [...tokens])
      .execute();
    return rows.map((r) => ({
      campaignId: r.id,
      matchedKeywords: tokens.filter((t) => matched.some((m) => m.campaign_id === r.id && m.keyword === t)),
    }));
  }

  /**
   * Charges one impression at the campaign's locked price and records it, or returns undefined when the
   * campaign can no longer pay (exhausted, or drained by a concurrent serve since it was chosen).
   */
  async chargeImpression(campaignId: string, impression: { id: string; servedAtMs: number }): Promise<ChargedCreative | undefined> {
    return this.db.transaction().execute(async (trx) => {
      // After this charge the campaign is exhausted when what remains cannot pay for one more impression.
      const exhaustedAfter = sql<boolean>`remaining_micros - impression_price_micros < impression_price_micros`;
      const charged = await trx
        .updateTable("ad_campaigns")
        .set((eb) => ({
          remaining_micros: eb("remaining_micros", "-", eb.ref("impression_price_micros")),
          impressions: eb("impressions", "+", 1),
          state: sql<string>`case when ${exhaustedAfter} then 'exhausted' else 'active' end`,
          exhausted_at_ms: sql<number | null>`case when ${exhaustedAfter} then cast(${impression.servedAtMs} as bigint) else null end`,
        }))
        .where("id", "=", campaignId)
        .where("state", "=", "active")
        .where((eb) => eb("remaining_micros", ">=", eb.ref("impression_price_micros")))
        .returning(["placement", "title", "description", "url", "impression_price_micros"])
        .executeTakeFirst();
      if (charged === undefined) return undefined;
      await trx
        .insertInto("ad_impressions")
        .values({
          id: impression.id,
          campaign_id: campaignId,
          placement: charged.placement,
          served_at_ms: impression.servedAtMs,
          price_micros: charged.impression_price_micros,
          clicked_at_ms: null,
        })
        .execute();
      return { title: charged.title, description: charged.description, url: charged.url };
    });
  }

  /** Counts one serve request of a placement on a UTC day, filled or not. */
  async countServe(day: string, placement: AdPlacement, filled: boolean): Promise<void> {
    const filledIncrement = filled ? 1 : 0;
    await this.db
      .insertInto("ad_serve_days")
      .values({ day, placement, requests: 1, filled: filledIncrement })
      .onConflict((oc) =>
        oc.columns(["day", "placement"]).doUpdateSet((eb) => ({
          requests: eb("ad_serve_days.requests", "+", 1),
          filled: eb("ad_serve_days.filled", "+", filledIncrement),
        })),
      )
      .execute();
  }

  /**
   * The stored destination of an impression's campaign, or undefined for an unknown impression. The first
   * click of an impression is counted (on the impression and its campaign); repeats are not, nor is a
   * look that does not `count` (a HEAD request).
   */
  async click(impressionId: string, nowMs: number, count: boolean): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const found = await trx
        .selectFrom("ad_impressions as i")
        .innerJoin("ad_campaigns as c", "c.id", "i.campaign_id")
        .select(["c.id", "c.url"])
        .where("i.id", "=", impressionId)
        .executeTakeFirst();
      if (found === undefined || !count) return found?.url;
      const first = await trx
        .updateTable("ad_impressions")
        .set({ clicked_at_ms: nowMs })
        .where("id", "=", impressionId)
        .where("clicked_at_ms", "is", null)
        .executeTakeFirst();
      if (Number(first.numUpdatedRows) === 1) {
        await trx.updateTable("ad_campaigns").set((eb) => ({ clicks: eb("clicks", "+", 1) })).where("id", "=", found.id).execute();
      }
      return found.url;
    });
  }

  /** Campaigns by state, and how many distinct advertisers own them. */
  async campaignTotals(): Promise<{ active: number; exhausted: number; advertisers: number }> {
    const byState = await this.db.selectFrom("ad_campaigns").select(["state", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("state").execute();
    const owners = await this.db
      .selectFrom("ad_campaigns")
      .select((eb) => eb.fn.count<number>("advertiser").distinct().as("n"))
      .executeTakeFirstOrThrow();
    const count = (state: CampaignState) => Number(byState.find((r) => r.state === state)?.n ?? 0);
    return { active: count("active"), exhausted: count("exhausted"), advertisers: Number(owners.n) };
  }

  /** Impressions served since `fromMs` per placement, how many of them were clicked, and by how many advertisers. */
  async activitySince(fromMs: number): Promise<PlacementActivity[]> {
    const rows = await this.db
      .selectFrom("ad_impressions as i")
      .innerJoin("ad_campaigns as c", "c.id", "i.campaign_id")
      .select((eb) => [
        "i.placement",
        eb.fn.countAll<number>().as("impressions"),
        eb.fn.count<number>("i.clicked_at_ms").as("clicks"),
        eb.fn.count<number>("c.advertiser").distinct().as("advertisers"),
      ])
      .where("i.served_at_ms", ">=", fromMs)
      .groupBy("i.placement")
      .execute();
    return rows.map((r) => ({ placement: r.placement, impressions: Number(r.impressions), clicks: Number(r.clicks), advertisers: Number(r.advertisers) }));
  }

  /** Distinct advertisers with an impression since `fromMs` on any of `placements`. */
  async advertisersSince(fromMs: number, placements: readonly string[]): Promise<number> {
    if (placements.length === 0) return 0;
    const row = await this.db
      .selectFrom("ad_impressions as i")
      .innerJoin("ad_campaigns as c", "c.id", "i.campaign_id")
      .select((eb) => eb.fn.count<number>("c.advertiser").distinct().as("n"))
      .where("i.served_at_ms", ">=", fromMs)
      .where("i.placement", "in", [...placements])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Serve requests and filled serves per placement on the UTC days from `fromDay` (YYYY-MM-DD) on. */
  async serveCountsSince(fromDay: string): Promise<ServeCounts[]> {
    const rows = await this.db
      .selectFrom("ad_serve_days")
      .select((eb) => ["placement", eb.fn.sum<number>("requests").as("requests"), eb.fn.sum<number>("filled").as("filled")])
      .where("day", ">=", fromDay)
      .groupBy("placement")
      .execute();
    // PostgreSQL's sum of bigint is numeric, which arrives as text.
    return rows.map((r) => ({ placement: r.placement, requests: Number(r.requests), filled: Number(r.filled) }));
  }
}

function toCampaign(row: Selectable<AdCampaignsTable>, keywords: string[]): AdCampaign {
  return {
    id: row.id,
    advertiser: row.advertiser,
    placement: row.placement as AdPlacement,
    title: row.title,
    url: row.url,
    description: row.description,
    keywords,
    budgetMicros: Number(row.budget_micros),
    impressionPriceMicros: Number(row.impression_price_micros),
    remainingMicros: Number(row.remaining_micros),
    impressions: Number(row.impressions),
    clicks: Number(row.clicks),
    state: row.state as CampaignState,
    createdAtMs: Number(row.created_at_ms),
    exhaustedAtMs: row.exhausted_at_ms === null ? null : Number(row.exhausted_at_ms),
  };
}
