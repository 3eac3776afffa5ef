import type { Kysely, Migration } from "kysely";

// Frozen once released. The advertising network (src/domain/ad-campaign.ts). Money is integer micro-dollars.
// A campaign's budget is consumed only by the serve path's conditional UPDATE (remaining_micros >= price,
// state 'active'), so concurrent serves on any node can never overspend it. Impressions are one row each (the
// click redirect finds its campaign through them); serve requests are counted per UTC day and placement.

export function createAdTables(): Migration {
  return { up, down };
}

async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("ad_campaigns")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("advertiser", "text", (c) => c.notNull())
    .addColumn("placement", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("url", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("budget_micros", "bigint", (c) => c.notNull())
    .addColumn("impression_price_micros", "bigint", (c) => c.notNull())
    .addColumn("remaining_micros", "bigint", (c) => c.notNull())
    .addColumn("impressions", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("clicks", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("state", "text", (c) => c.notNull())
    .addColumn("created_at_ms", "bigint", (c) => c.notNull())
    .addColumn("exhausted_at_ms", "bigint")
    .execute();
  await db.schema.createIndex("ad_campaigns_serving").on("ad_campaigns").columns(["placement", "state"]).execute();

  await db.schema
    .createTable("ad_campaign_keywords")
    .addColumn("campaign_id", "text", (c) => c.notNull())
    .addColumn("keyword", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("ad_campaign_keywords_pk", ["campaign_id", "keyword"])
    .execute();
  await db.schema.createIndex("ad_campaign_keywords_by_keyword").on("ad_campaign_keywords").columns(["keyword", "campaign_id"]).execute();

  await db.schema
    .createTable("ad_impressions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("campaign_id", "text", (c) => c.notNull())
    .addColumn("placement", "text", (c) => c.notNull())
    .addColumn("served_at_ms", "bigint", (c) => c.notNull())
    .addColumn("price_micros", "bigint", (c) => c.notNull())
    .addColumn("clicked_at_ms", "bigint")
    .execute();
  await db.schema.createIndex("ad_impressions_by_time").on("ad_impressions").columns(["served_at_ms"]).execute();
  await db.schema.createIndex("ad_impressions_by_campaign").on("ad_impressions").columns(["campaign_id"]).execute();

  await db.schema
    .createTable("ad_serve_days")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("placement", "text", (c) => c.notNull())
    .addColumn("requests", "bigint", (c) => c.notNull())
    .addColumn("filled", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("ad_serve_days_pk", ["day", "placement"])
    .execute();
}

async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["ad_serve_days", "ad_impressions", "ad_campaign_keywords", "ad_campaigns"]) await db.schema.dropTable(table).execute();
}
