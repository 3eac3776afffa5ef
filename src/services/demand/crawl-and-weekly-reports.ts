import { DAY_MS } from "../../domain/bar.js";
import { completeDays, isoDay, sumOf, type ClientBucket, type PrivateLog, type ReportWindow } from "./privacy.js";
import { MIXED_USE_COMPANIES } from "./user-agent-roles.js";

/** Crawl-to-refer, the daily series and the weekly topics: request-log reports that are not about one endpoint. */

export const CRAWL_TO_REFER_METHOD =
  "Cloudflare Radar's crawl-to-refer ratio: crawls are requests whose User-Agent belongs to a platform's crawlers " +
  "(attributed with the ai.robots.txt list: training, search and user-triggered fetchers alike), referrals are requests " +
  "whose Referer is one of that platform's hosts (chatgpt.com, claude.ai, perplexity.ai, ...) or whose utm_source names " +
  "one (ChatGPT tags its links utm_source=chatgpt.com); ratio = crawls / referrals, null when referrals are 0. Radar " +
  "counts HTML page requests only; this service answers JSON, so every request counts. Native apps often send no " +
  "Referer, so ratios overstate the take. mixed_use: the company runs both a training crawler and a user-triggered " +
  "fetcher (from the list). Privacy: a company's crawls (or referrals) of a UTC day count only when at least 3 distinct " +
  "clients made them; monitors and x402 indexers are never counted as crawls.";

export interface CrawlTaker {
  company: string;
  crawls: number;
  referrals: number;
  crawl_to_refer: number | null;
  mixed_use: boolean;
  crawler_clients: ClientBucket;
  referring_clients: ClientBucket;
}

export interface WeeklyTopic {
  topic: string;
  requests: number;
  quotes: number;
  clients: ClientBucket;
  previous_requests: number;
  change: number;
  /** (requests - previous) / previous x 100, one decimal; null when the previous week had none. */
  change_pct: number | null;
}

export interface DailyFigures {
  date: string;
  requests: number;
  quotes: number;
  ai_crawls: number;
}

const MAX_TOPICS = 10;

export class CrawlAndWeeklyReports {
  constructor(private readonly log: PrivateLog) {}

  async crawlToRefer(window: ReportWindow): Promise<CrawlTaker[]> {
    const [crawls, referrals] = await Promise.all([this.log.rows(["ai_company"], window, { aiCrawler: true }), this.log.rows(["assistant"], window, { assistantReferral: true })]);
    const companies = new Set([...crawls.map((r) => String(r.key.ai_company)), ...referrals.map((r) => String(r.key.assistant))]);
    return [...companies]
      .map((company) => {
        const crawled = crawls.find((r) => r.key.ai_company === company);
        const referred = referrals.find((r) => r.key.assistant === company);
        const crawlCount = crawled?.requests ?? 0;
        const referralCount = referred?.requests ?? 0;
        return {
          company,
          crawls: crawlCount,
          referrals: referralCount,
          crawl_to_refer: referralCount === 0 ? null : Math.round((crawlCount / referralCount) * 100) / 100,
          mixed_use: MIXED_USE_COMPANIES.has(company),
          crawler_clients: crawled?.clients ?? ("0" as const),
          referring_clients: referred?.clients ?? ("0" as const),
        };
      })
      .sort((a, b) => b.crawls - a.crawls || b.referrals - a.referrals || a.company.localeCompare(b.company));
  }

  /** Every day of the window, with zeros on days nothing publishable happened. */
  async daily(window: ReportWindow): Promise<DailyFigures[]> {
    const [demand, crawls] = await Promise.all([this.log.rows(["day"], window), this.log.rows(["day"], window, { aiCrawler: true })]);
    const days: DailyFigures[] = [];
    for (let ms = window.fromMs; ms < window.toMs; ms += DAY_MS) {
      const day = ms / DAY_MS;
      const d = demand.find((r) => Number(r.key.day) === day);
      days.push({ date: isoDay(ms), requests: d?.requests ?? 0, quotes: d?.quotes ?? 0, ai_crawls: crawls.find((r) => Number(r.key.day) === day)?.requests ?? 0 });
    }
    return days;
  }

  /** Topics (categories of what agents asked for, served or not) of the last complete week against the week before. */
  async weeklyTopics(nowMs: number): Promise<{ week: ReportWindow; previous: ReportWindow; topics: WeeklyTopic[] }> {
    const week = completeDays(nowMs, 7);
    const previous = completeDays(nowMs, 7, 7);
    const agents = { automated: false } as const;
    const [current, before] = await Promise.all([this.log.rows(["category"], week, agents), this.log.rows(["category"], previous, agents)]);
    const topics = current.map((r) => {
      const prior = before.find((p) => p.key.category === r.key.category)?.requests ?? 0;
      return {
        topic: String(r.key.category),
        requests: r.requests,
        quotes: r.quotes,
        clients: r.clients,
        previous_requests: prior,
        change: r.requests - prior,
        change_pct: prior === 0 ? null : Math.round(((r.requests - prior) / prior) * 1000) / 10,
      };
    });
    topics.sort((a, b) => b.requests - a.requests || a.topic.localeCompare(b.topic));
    return { week, previous, topics: topics.slice(0, MAX_TOPICS) };
  }
}

export function crawlTotals(takers: readonly CrawlTaker[]): { ai_crawls: number; assistant_referrals: number } {
  return { ai_crawls: sumOf(takers, (t) => t.crawls), assistant_referrals: sumOf(takers, (t) => t.referrals) };
}
