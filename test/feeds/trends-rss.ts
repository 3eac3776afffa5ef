/**
 * No public recording of Google's trending RSS exists (../shared/fixtures/README.md, "Not found"). This builds
 * test input in the documented shape (data-sources.md §2.9: RSS 2.0, `ht` namespace, pubDate in -0700); it is
 * used only as upstream input in tests, never stored or served outside them.
 */
export function trendsRss(items: Array<{ query: string; traffic: string; pubDate?: string; news?: Array<{ title: string; url: string; source: string }> }>): string {
  const entries = items
    .map(
      (i) => `<item><title>${i.query}</title><ht:approx_traffic>${i.traffic}</ht:approx_traffic><description></description>` +
        `<link>https://trends.google.com/trending/rss?geo=US</link><pubDate>${i.pubDate ?? "Tue, 11 Aug 2026 05:30:00 -0700"}</pubDate>` +
        (i.news ?? [])
          .map((n) => `<ht:news_item><ht:news_item_title>${n.title}</ht:news_item_title><ht:news_item_snippet></ht:news_item_snippet>` +
            `<ht:news_item_url>${n.url}</ht:news_item_url><ht:news_item_source>${n.source}</ht:news_item_source></ht:news_item>`)
          .join("") +
        "</item>",
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><rss xmlns:atom="http://www.w3.org/2005/Atom" xmlns:ht="https://trends.google.com/trending/rss" version="2.0"><channel><title>Daily Search Trends</title>${entries}</channel></rss>`;
}
