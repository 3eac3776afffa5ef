import { systemClock } from "../../../domain/clock.js";
import type { HttpClient } from "../../http/http-client.js";
import { RequestSpacer } from "../../http/request-spacer.js";
import { feedHttpClient, getFeed, htmlPageError, looksLikeHtml, unexpectedStatus, type FeedClientDeps } from "../feed-http.js";
import type { PreprintProvider, PreprintQuery, PreprintResult } from "../port.js";
import { mapArxivAtom } from "./arxiv-atom.js";

const UPSTREAM = "arXiv API";
export const ARXIV_QUERY_URL = "https://export.arxiv.org/api/query";
/** arXiv's terms of use: no more than one request every three seconds, one connection at a time. */
export const ARXIV_SPACING_MS = 3_000;

/** `all:` terms of the free text AND the category clause, as arXiv's query language wants them. */
export function arxivSearchQuery(query: PreprintQuery): string {
  const words = query.query.trim().split(/\s+/).filter((w) => w.length > 0);
  const text = words.length === 1 ? `all:${words[0]}` : `all:"${words.join(" ")}"`;
  if (query.categories.length === 0) return text;
  const cats = query.categories.map((c) => `cat:${c}`).join(" OR ");
  return `${text} AND (${cats})`;
}

export class ArxivProvider implements PreprintProvider {
  private readonly http: HttpClient;
  private readonly spacer: RequestSpacer;

  constructor(deps: FeedClientDeps = {}, spacingMs = ARXIV_SPACING_MS) {
    // Slow answers are normal for arXiv (data-sources.md §2.10): 20 s, one retry.
    this.http = feedHttpClient(UPSTREAM, deps, { timeoutMs: 20_000, maxRetries: 1 });
    this.spacer = new RequestSpacer(spacingMs, deps.clock ?? systemClock, deps.sleep);
  }

  async search(query: PreprintQuery): Promise<PreprintResult> {
    const params = new URLSearchParams({
      search_query: arxivSearchQuery(query),
      start: "0",
      max_results: String(query.maxResults),
      sortBy: query.sortBy,
      sortOrder: "descending",
    });
    const res = await this.spacer.run(() => getFeed(this.http, UPSTREAM, `${ARXIV_QUERY_URL}?${params}`, { Accept: "application/atom+xml" }));
    // 400 carries an Atom error entry about the query; the mapper turns it into a 422.
    if (res.status !== 200 && res.status !== 400) throw unexpectedStatus(UPSTREAM, res.status);
    if (looksLikeHtml(res.text)) throw htmlPageError(UPSTREAM);
    return mapArxivAtom(res.text);
  }
}
