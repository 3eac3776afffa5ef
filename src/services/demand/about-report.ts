import { ROUTE_CATALOG } from "../../contracts/route-catalog.js";
import { crawlTotals } from "./crawl-and-weekly-reports.js";
import type { ConversionRate } from "./demand-log-reports.js";
import { PRIVACY_POLICY, RETENTION_DAYS, type DemandReports } from "./demand-reports.js";
import { ownValue } from "../../domain/own-value.js";


/** What each paid demand route returns, for the free sample's `paid_endpoints`. */
const RETURNS: Record<string, string> = {
  "/api/demand/top": "endpoints and categories ranked by quotes, paid calls and hits, with client buckets",
  "/api/demand/unmet": "paths requested that we do not serve, and routes quoted but never paid for, as a build order with evidence",
  "/api/demand/conversion": "quote-to-pay rates by category and price band, with and without monitors",
  "/api/demand/competitors": "supply census of the mirrored x402 indexes per category, and which agent ecosystems call us",
  "/api/demand/intent": "router needs clustered into intents, with counts and shared terms",
  "/api/demand/crawl-to-refer": "every AI company's crawls, referrals and crawl-to-refer ratio for any window up to 90 days, with the method",
  "/api/demand/matches": "unmet demand crossed against mirrored sellers that could serve it",
  "/api/demand/pricing": "per category, our conversion by price band and competitors' prices, as a suggested price range with its basis",
  "/api/demand/reliability": "per provider origin, success rates from probes and router outcome reports, with sample counts",
};

const pct = (r: ConversionRate) => r.conversion_rate_pct ?? 0;

/** The free sample of companion-api §2, field for field. */
export async function demandSample(reports: DemandReports) {
  const month = reports.window(30);
  const [retained, top7, conversion30, takers30, daily30, quoted30, agentQuoted30] = await Promise.all([
    reports.privateLog.rows([], reports.window(RETENTION_DAYS)),
    reports.log.top(reports.window(7)),
    reports.log.conversion(month),
    reports.crawlsAndWeeks.crawlToRefer(month),
    reports.crawlsAndWeeks.daily(month),
    reports.privateLog.rows([], month, { unrouted: false, outcomes: ["quote"] }),
    reports.privateLog.rows([], month, { unrouted: false, automated: false, outcomes: ["quote"] }),
  ]);
  const all = conversion30.overall.with_monitors;
  const agents = conversion30.overall.excluding_monitors;
  const span = retained[0];
  return {
    product: "Precedent agent-demand reports",
    what: "Aggregate statistics on what software agents try to buy from this x402 service: ranked demand, unmet demand, quote-to-payment conversion, supply census, declared intent, and AI companies' crawls versus referrals.",
    why_it_is_not_replicable: "The figures are counts from this service's own request log (every 402 quote, paid call, unknown path and router need it answered), which no index or crawler can observe from outside.",
    privacy_policy: PRIVACY_POLICY,
    coverage: {
      first_event: span === undefined ? null : `${span.firstDate}T00:00:00.000Z`,
      last_event: span === undefined ? null : `${span.lastDate}T23:59:59.999Z`,
      days: span?.days ?? 0,
      events: span?.requests ?? 0,
      note: `Publishable events of the last ${RETENTION_DAYS} complete UTC days (${reports.window(RETENTION_DAYS).from} to ${reports.window(RETENTION_DAYS).to}): requests in cells of at least 3 distinct clients; first_event and last_event are the bounds of the first and last such day (exact times are never given). Generated ${reports.nowIso()}.`,
    },
    free_sample: {
      top_3_quoted_endpoints_7d: top7.endpoints
        .filter((e) => e.quotes > 0)
        .slice(0, 3)
        .map((e) => ({
          path: e.path,
          category: e.category,
          quotes: e.quotes,
          served: e.served,
          hits: e.hits,
          buyers: e.buyers,
          intent: ROUTE_CATALOG.find((r) => r.path === e.path)?.summary ?? e.category,
        })),
      overall_conversion_30d: {
        quotes: all.quotes,
        quoting_clients: quoted30[0]?.clients ?? "0",
        conversion_rate_pct: pct(all),
        basis: `paid calls served / 402 quotes on paid routes, ${month.from} to ${month.to}, every client included; 0 when there were no quotes`,
      },
      conversion_excluding_monitors_30d: {
        quotes: agents.quotes,
        quoting_clients: agentQuoted30[0]?.clients ?? "0",
        conversion_rate_pct: pct(agents),
        monitor_share_of_quotes_pct: all.quotes === 0 ? 0 : Math.round(((all.quotes - agents.quotes) / all.quotes) * 1000) / 10,
        note: "Excludes clients whose user-agent declares an uptime, health or trust monitor (UptimeRobot, Pingdom, StatusCake, Better Stack, Checkly, Site24x7) or an x402 indexer (x402scan, AgentCash discovery, x402lint).",
      },
      crawl_to_refer_30d: {
        ...crawlTotals(takers30),
        top_takers: takers30.slice(0, 5).map((t) => ({ company: t.company, crawls: t.crawls, referrals: t.referrals, crawl_to_refer: t.crawl_to_refer, mixed_use: t.mixed_use })),
        full_cut: "GET /api/demand/crawl-to-refer?window=30d (any window up to 90 days)",
      },
      daily_30d: daily30,
    },
    paid_endpoints: ROUTE_CATALOG.filter((r) => r.family === "demand" && r.price.kind === "fixed").map((r) => ({
      path: r.path,
      price: r.price.kind === "fixed" ? `$${r.price.usd.toFixed(2)}` : "dynamic",
      returns: ownValue(RETURNS, r.path) ?? r.summary,
    })),
  };
}

