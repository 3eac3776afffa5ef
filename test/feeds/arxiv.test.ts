import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { ArxivProvider, arxivSearchQuery } from "../../src/providers/feeds/arxiv/arxiv-provider.js";
import type { PreprintQuery } from "../../src/providers/feeds/port.js";
import { appError } from "../support/caught-app-error.js";
import { FakeClock } from "../support/fake-clock.js";
import { describeWithShared } from "../support/replay-fetch.js";
import { SHARED_DIR } from "../support/shared-paths.js";
import { feedFetch, itHandlesTransportFailures } from "./feed-failure-modes.js";

const atom = (stem: string) => readFileSync(path.join(SHARED_DIR, `fixtures/arxiv/${stem}.xml`), "utf8");
const ARXIV = /export\.arxiv\.org\/api\/query\?/;
const TESTING: PreprintQuery = { query: "testing", categories: [], maxResults: 10, sortBy: "relevance" };

describeWithShared("arXiv adapter (recorded Atom answers of 2026-04-12)", () => {
  it("maps a recorded search page to papers with ids, authors, categories, links, doi and journal ref", async () => {
    const fetch = feedFetch(ARXIV, () => new Response(atom("q_testing_s0_m10_bc5a6c384fe9"), { headers: { "content-type": "application/atom+xml" } }));
    const result = await new ArxivProvider({ fetch }, 0).search(TESTING);
    expect(result.totalResults).toBe(214881);
    expect(result.answeredAt).toBe("2026-04-12T22:09:27Z");
    expect(result.papers).toHaveLength(10);
    expect(result.papers[0]).toMatchObject({
      id: "2202.12139v1",
      authors: ["Mohit Kumar Ahuja", "Arnaud Gotlieb", "Helge Spieker"],
      primary_category: "cs.SE",
      categories: ["cs.SE", "cs.LG"],
      abs_url: "https://arxiv.org/abs/2202.12139v1",
      pdf_url: "https://arxiv.org/pdf/2202.12139v1",
      doi: "10.1109/ICSTW55395.2022.00035",
    });
    expect(result.papers[1]!.authors[0]).toBe("Aurora Ramírez"); // UTF-8 survives
    const url = new URL(fetch.calls[0]!.slice(4));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search_query: "all:testing",
      start: "0",
      max_results: "10",
      sortBy: "relevance",
      sortOrder: "descending",
    });
  });

  it("maps a single-entry feed to a one-paper array", async () => {
    const result = await new ArxivProvider({ fetch: feedFetch(ARXIV, () => new Response(atom("id_1707.08567_s0_m100_6a1afebfc6a3"))) }, 0).search(TESTING);
    expect(result.papers).toHaveLength(1);
    expect(result.papers[0]!.id).toMatch(/^1707\.08567/);
  });

  it("answers a zero-hit feed with no papers", async () => {
    const result = await new ArxivProvider({ fetch: feedFetch(ARXIV, () => new Response(atom("id_0000.0000_s0_m100_8b51d9633a68"))) }, 0).search(TESTING);
    expect(result).toEqual({ papers: [], totalResults: 0, answeredAt: "2026-04-12T22:09:26Z" });
  });

  it("turns arXiv's HTTP 400 error entry into a 422 naming the query", async () => {
    const fetch = feedFetch(ARXIV, () => new Response(atom("id_abc_s0_m100_b79c8dcf6bc3"), { status: 400 }));
    const error = await appError(new ArxivProvider({ fetch }, 0).search(TESTING));
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.details).toEqual([{ param: "query", issue: "arXiv rejected it: incorrect id format for abc" }]);
  });

  it("reports a feed without totalResults as schema drift", async () => {
    const body = atom("q_testing_s0_m10_bc5a6c384fe9").replace(/<opensearch:totalResults>\d+<\/opensearch:totalResults>/, "");
    const error = await appError(new ArxivProvider({ fetch: feedFetch(ARXIV, () => new Response(body)) }, 0).search(TESTING));
    expect(error.code).toBe("UPSTREAM_SCHEMA_CHANGED");
  });

  it("keeps requests at least 3 seconds apart on one node", async () => {
    const clock = new FakeClock(Date.parse("2026-04-12T22:00:00Z"));
    const sleeps: number[] = [];
    const sleep = async (ms: number) => {
      sleeps.push(ms);
      clock.advance(ms);
    };
    const fetch = feedFetch(ARXIV, () => new Response(atom("id_0000.0000_s0_m100_8b51d9633a68")));
    const provider = new ArxivProvider({ fetch, clock, sleep });
    await Promise.all([provider.search(TESTING), provider.search({ ...TESTING, query: "other" }), provider.search({ ...TESTING, query: "third" })]);
    expect(fetch.calls).toHaveLength(3);
    expect(sleeps).toEqual([3000, 3000]);
  });

  itHandlesTransportFailures(ARXIV, (deps) => new ArxivProvider(deps, 0).search(TESTING));
});

it("builds arXiv's query language from free text and categories", () => {
  expect(arxivSearchQuery({ ...TESTING, query: "  large language   models " })).toBe('all:"large language models"');
  expect(arxivSearchQuery({ ...TESTING, categories: ["cs.AI", "cs.LG"] })).toBe("all:testing AND (cat:cs.AI OR cat:cs.LG)");
});
