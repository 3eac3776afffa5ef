import type { Clock } from "../../domain/clock.js";
import { CrawlAndWeeklyReports } from "./crawl-and-weekly-reports.js";
import { DemandLogReports } from "./demand-log-reports.js";
import type { DemandSources } from "./demand-sources.js";
import { CELL_DAY_NOISE_SCALE, CLIP_PER_CLIENT_CELL_DAY, EPSILON_CLIENT_COUNT, EPSILON_PER_CELL_DAY, type FigureNoise } from "./figure-noise.js";
import { MarketReports } from "./market-reports.js";
import { completeDays, MIN_DISTINCT_CLIENTS, PrivateLog, type LogRollups, type ReportWindow } from "./privacy.js";
import { RouterReports } from "./router-reports.js";

export const RETENTION_DAYS = 90;

export const PRIVACY_POLICY =
  `Aggregates only; no per-client request log is sold. A row counts distinct clients over its own window and is withheld below ${MIN_DISTINCT_CLIENTS}; ` +
  "the unit is the cell (the finest grouping any report uses, on one UTC day), and cells with 1 or 2 distinct clients are dropped before anything is summed, " +
  "so every published figure, total, report, day and window is a sum of cells of at least 3 clients and no subtraction of published figures recovers a withheld one. " +
  "Client counts are buckets (3-9, 10-24, 25-49, 50-99, 100+; 0 when nothing is publishable). Windows are whole UTC days before today. " +
  `Every count is differentially private: a client's requests count at most ${CLIP_PER_CLIENT_CELL_DAY} times per cell and day, each cell-day's count is released once with Laplace noise of scale ${CELL_DAY_NOISE_SCALE} ` +
  `(epsilon ${EPSILON_PER_CELL_DAY} per cell-day) and every figure is a sum of those, and distinct-client counts get Laplace noise of scale ${1 / EPSILON_CLIENT_COUNT} before bucketing; ` +
  "the same question gets the same noisy answer. " +
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
    noise: FigureNoise,
  ) {
    this.privateLog = new PrivateLog(rollups, noise);
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
