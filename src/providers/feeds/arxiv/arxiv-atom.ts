import { XMLParser } from "fast-xml-parser";
import { z } from "zod";
import { AppError } from "../../../domain/app-error.js";
import { parseMapped } from "../feed-http.js";
import type { Paper, PreprintResult } from "../port.js";

const UPSTREAM = "arXiv API";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Titles such as "1984" must stay text; and a feed with one entry must still give an array.
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => ["entry", "author", "link", "category"].includes(name),
});

const text = z.union([z.string(), z.object({ "#text": z.string() }).transform((o) => o["#text"])]);
const LinkSchema = z.object({ "@_href": z.string(), "@_title": z.string().optional(), "@_rel": z.string().optional() });
const EntrySchema = z.object({
  id: z.string(),
  title: text.optional(),
  summary: text.optional(),
  published: z.string().optional(),
  updated: z.string().optional(),
  author: z.array(z.object({ name: z.string() })).optional(),
  link: z.array(LinkSchema).optional(),
  category: z.array(z.object({ "@_term": z.string() })).optional(),
  "arxiv:primary_category": z.object({ "@_term": z.string() }).optional(),
  "arxiv:doi": text.optional(),
  "arxiv:journal_ref": text.optional(),
});
const FeedSchema = z.object({
  feed: z.object({
    updated: z.string().optional(),
    "opensearch:totalResults": z.coerce.number().int().min(0),
    entry: z.array(EntrySchema).optional(),
  }),
});

const collapse = (s: string | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/** The Atom body of an arXiv answer -> papers. Error entries (HTTP 400) become a 422 naming the query. */
export function mapArxivAtom(xml: string): PreprintResult {
  let doc: unknown;
  try {
    doc = parser.parse(xml);
  } catch {
    throw new AppError("UPSTREAM_UNAVAILABLE", `${UPSTREAM} answered with a body that is not XML`, { retryAfterSeconds: 60 });
  }
  if (typeof doc !== "object" || doc === null || !("feed" in doc)) {
    throw new AppError("UPSTREAM_UNAVAILABLE", `${UPSTREAM} answered with something other than an Atom feed`, { retryAfterSeconds: 60 });
  }
  const feed = parseMapped(UPSTREAM, FeedSchema, doc).feed;
  const entries = feed.entry ?? [];
  const error = entries.find((e) => e.id.includes("/api/errors"));
  if (error !== undefined) {
    throw new AppError("VALIDATION_FAILED", `query: arXiv rejected the search (${collapse(error.summary)})`, {
      details: [{ param: "query", issue: `arXiv rejected it: ${collapse(error.summary)}` }],
    });
  }
  return { papers: entries.map(toPaper), totalResults: feed["opensearch:totalResults"], answeredAt: feed.updated ?? null };
}

function toPaper(e: z.infer<typeof EntrySchema>): Paper {
  const links = e.link ?? [];
  return {
    id: e.id.replace(/^https?:\/\/arxiv\.org\/abs\//, ""),
    title: collapse(e.title),
    summary: collapse(e.summary),
    authors: (e.author ?? []).map((a) => a.name.trim()),
    published: e.published ?? null,
    updated: e.updated ?? null,
    primary_category: e["arxiv:primary_category"]?.["@_term"] ?? null,
    categories: (e.category ?? []).map((c) => c["@_term"]),
    abs_url: links.find((l) => l["@_rel"] === "alternate")?.["@_href"] ?? e.id,
    pdf_url: links.find((l) => l["@_title"] === "pdf")?.["@_href"] ?? null,
    doi: e["arxiv:doi"] === undefined ? null : collapse(e["arxiv:doi"]),
    journal_ref: e["arxiv:journal_ref"] === undefined ? null : collapse(e["arxiv:journal_ref"]),
  };
}
