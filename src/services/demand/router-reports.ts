import { privateGroups, type ClientBucket, type ReportWindow } from "./privacy.js";
import type { DemandSources, RouterEvent } from "./demand-sources.js";
import { topicOfText } from "./request-facets.js";

/**
 * Intent and reliability: reports on the router's events (needs asked, results clicked, outcomes reported) and
 * the probe's results. Router events are per client, so they go through the privacy module's cell rule (intent x
 * event kind x day; origin x helped x day). Probe results describe providers, not clients, and are given as is.
 */

export interface IntentRow {
  intent: string;
  needs: number;
  clicks: number;
  outcomes: number;
  clients: ClientBucket;
  /** Words of the needs that at least 3 distinct clients used, most used first (never a whole need text). */
  top_terms: string[];
}

export interface ReliabilityRow {
  origin: string;
  probe: { samples: number; checks: number; checks_passed: number; success_rate: number | null; latest_grade: string | null; last_probed_at: string | null };
  outcomes: { samples: number; helped: number; success_rate: number | null; clients: ClientBucket };
}

const STOPWORDS = new Set(["the", "and", "for", "with", "from", "that", "this", "what", "want", "need", "get", "give", "find", "api", "data", "about", "into", "over", "some", "any", "all", "per"]);
const MAX_TERMS = 8;
const MIN_TERM_CLIENTS = 3;

/** The router events' one cell (with the day), shared by intent and reliability so neither can be subtracted from the other. */
const routerCell = (e: RouterEvent) => [topicOfText(e.need), e.kind, e.origin ?? "", String(e.helped)].join("|");

const ratio = (part: number, whole: number) => (whole === 0 ? null : Math.round((part / whole) * 1000) / 1000);

export class RouterReports {
  constructor(private readonly sources: DemandSources) {}

  async intent(window: ReportWindow): Promise<IntentRow[]> {
    const events = await this.sources.routerEvents(window.fromMs, window.toMs);
    const groups = privateGroups(events, window, routerCell, (e) => topicOfText(e.need));
    return groups
      .map(({ row, clients, events: kept }) => ({
        intent: row,
        needs: kept.filter((e) => e.kind === "need").length,
        clicks: kept.filter((e) => e.kind === "click").length,
        outcomes: kept.filter((e) => e.kind === "outcome").length,
        clients,
        top_terms: sharedTerms(kept.filter((e) => e.kind === "need")),
      }))
      .sort((a, b) => b.needs - a.needs || b.clicks - a.clicks || a.intent.localeCompare(b.intent));
  }

  async reliability(window: ReportWindow): Promise<ReliabilityRow[]> {
    const [events, probes] = await Promise.all([this.sources.routerEvents(window.fromMs, window.toMs), this.sources.probeResults(window.fromMs, window.toMs)]);
    const outcomes = events.filter((e): e is RouterEvent & { origin: string } => e.kind === "outcome" && e.origin !== null && e.helped !== null);
    const reported = privateGroups(outcomes, window, routerCell, (e) => e.origin);
    const origins = new Set([...reported.map((g) => g.row), ...probes.map((p) => p.origin)]);
    return [...origins]
      .map((origin) => {
        const mine = probes.filter((p) => p.origin === origin).sort((a, b) => b.probedAtMs - a.probedAtMs);
        const checks = mine.flatMap((p) => p.checks);
        const passed = checks.filter((c) => c.passed).length;
        const group = reported.find((g) => g.row === origin);
        const helped = group?.events.filter((e) => e.helped === true).length ?? 0;
        const samples = group?.events.length ?? 0;
        return {
          origin,
          probe: {
            samples: mine.length,
            checks: checks.length,
            checks_passed: passed,
            success_rate: ratio(passed, checks.length),
            latest_grade: mine[0]?.grade ?? null,
            last_probed_at: mine[0] === undefined ? null : new Date(mine[0].probedAtMs).toISOString(),
          },
          outcomes: { samples, helped, success_rate: ratio(helped, samples), clients: group?.clients ?? ("0" as const) },
        };
      })
      .sort((a, b) => b.outcomes.samples + b.probe.samples - (a.outcomes.samples + a.probe.samples) || a.origin.localeCompare(b.origin));
  }
}

/** Plain words (letters only, 3 to 20 long, no stopwords) used by at least 3 distinct clients. */
function sharedTerms(needs: readonly RouterEvent[]): string[] {
  const usersOf = new Map<string, Set<string>>();
  for (const e of needs) {
    for (const word of new Set(e.need.toLowerCase().split(/[^a-z]+/))) {
      if (word.length < 3 || word.length > 20 || STOPWORDS.has(word)) continue;
      usersOf.set(word, (usersOf.get(word) ?? new Set()).add(e.clientKey));
    }
  }
  return [...usersOf]
    .filter(([, users]) => users.size >= MIN_TERM_CLIENTS)
    .sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]))
    .slice(0, MAX_TERMS)
    .map(([word]) => word);
}
