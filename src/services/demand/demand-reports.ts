import type { Clock } from "../../domain/clock.js";
import { CrawlAndWeeklyReports } from "./crawl-and-weekly-reports.js";
import { DemandLogReports } from "./demand-log-reports.js";
import type { DemandSources } from "./demand-sources.js";
import { MarketReports } from "./market-reports.js";
import { completeDays, MIN_DISTINCT_CLIENTS, PrivateLog, type LogRollups, type ReportWindow } from "./privacy.js";
import { RouterReports } from "./router-reports.js";

export const RETENTION_DAYS = 90;

export const PRIVACY_POLICY =
  `Aggregates only; no per-client request log is sold. A row counts distinct clients over its own window and is withheld below ${MIN_DISTINCT_CLIENTS}; ` +
  "the unit is the cell (the finest grouping any report uses, on one UTC day), and cells with 1 or 2 distinct clients are dropped before anything is summed, " +
  "so every published figure, total, report, day and window is a sum of cells of at least 3 clients and no subtraction of published figures recovers a withheld one. " +
  "Client counts are buckets (3-9, 10-24, 25-49, 50-99, 100+; 0 when nothing is publishable). Windows are whole UTC days before today. " +
  "User-agents are reduced to ecosystem, company and role labels, paths are normalised with identifiers masked, and no raw user-agent, " +
  "IP address, wallet or query string is stored. Clients are keyed by an HMAC of the paying wallet, or of the network prefix and user-agent, " +
  "with a salt rotated every 90 days. The request log is kept 90 days, rolling.";

/** Every demand report, reading the request log only through the privacy module. */
export class DemandReports {
  /** For reports that need a plain rollup (the free sample's coverage and quoting clients). */
  readonly privateLog: PrivateLog;
  readonly log: DemandLogReports;
  readonly crawlsAndWeeks: CrawlAndWeeklyReports;
  readonly market: MarketReports;
  readonly router: RouterReports;

  constructor(
    rollups: LogRollups,
    sources: DemandSources,
    private readonly clock: Clock,
  ) {
    this.privateLog = new PrivateLog(rollups);
    this.log = new DemandLogReports(this.privateLog);
    this.crawlsAndWeeks = new CrawlAndWeeklyReports(this.privateLog);
    this.market = new MarketReports(this.privateLog, this.log, sources);
    this.router = new RouterReports(sources);
  }

  window(days: number): ReportWindow {
    return completeDays(this.clock.nowMs(), days);
  }

  nowIso(): string {
    return new Date(this.clock.nowMs()).toISOString();
  }

  /** The weekly page's body (JSON form; the HTML page renders the same). */
  async weekly() {
    const { week, previous, topics } = await this.crawlsAndWeeks.weeklyTopics(this.clock.nowMs());
    return {
      title: `What agents want: week of ${week.from} to ${week.to}`,
      week: { from: week.from, to: week.to },
      previous_week: { from: previous.from, to: previous.to },
      topics,
      method:
        "Requests agents made per topic (the category of our route, or of a path we do not serve, read from its words) over the last 7 complete UTC days, " +
        "against the 7 days before; the top 10 by requests. Monitors and x402 indexers are left out.",
      privacy: PRIVACY_POLICY,
      generated_at: this.nowIso(),
    };
  }
}
