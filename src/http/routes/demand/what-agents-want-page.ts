import { createHash } from "node:crypto";
import type { SponsoredItem } from "../../../contracts/ads/sponsored-item.js";

/**
 * The HTML form of /what-agents-want: a table and a bar chart (inline SVG, no script, nothing loaded from
 * elsewhere), so the page works under a CSP that allows only this stylesheet (by hash) and our favicon.
 */

interface Topic {
  topic: string;
  requests: number;
  quotes: number;
  clients: string;
  previous_requests: number;
  change: number;
  change_pct: number | null;
}

interface WeeklyBody {
  title: string;
  week: { from: string; to: string };
  previous_week: { from: string; to: string };
  topics: Topic[];
  method: string;
  privacy: string;
  generated_at: string;
  sponsored: SponsoredItem | null;
}

const STYLE = `body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:52rem;padding:0 1rem;color:#0f172a}
table{border-collapse:collapse;width:100%;margin:1rem 0}th,td{border-bottom:1px solid #cbd5e1;padding:.35rem .5rem;text-align:right}
th:first-child,td:first-child{text-align:left}.up{color:#15803d}.down{color:#b91c1c}.note{color:#475569;font-size:.9rem}
.bar-now{fill:#2563eb}.bar-before{fill:#94a3b8}svg text{font-size:12px;fill:#0f172a}`;

const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

/** The page's CSP: its one stylesheet by hash, images (the favicon) from our origin, nothing else. */
export const WHAT_AGENTS_WANT_POLICY =
  `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function chart(topics: readonly Topic[]): string {
  const rowHeight = 28;
  const labelWidth = 140;
  const width = 640;
  const max = Math.max(1, ...topics.flatMap((t) => [t.requests, t.previous_requests]));
  const scale = (v: number) => Math.round(((width - labelWidth - 60) * v) / max);
  const rows = topics.map((t, i) => {
    const y = i * rowHeight + 24;
    return (
      `<text x="0" y="${y + 12}">${escapeHtml(t.topic)}</text>` +
      `<rect class="bar-now" x="${labelWidth}" y="${y}" width="${scale(t.requests)}" height="10"><title>${escapeHtml(t.topic)}: ${t.requests} this week</title></rect>` +
      `<rect class="bar-before" x="${labelWidth}" y="${y + 12}" width="${scale(t.previous_requests)}" height="8"><title>${escapeHtml(t.topic)}: ${t.previous_requests} the week before</title></rect>` +
      `<text x="${labelWidth + scale(t.requests) + 6}" y="${y + 10}">${t.requests}</text>`
    );
  });
  const height = topics.length * rowHeight + 30;
  return (
    `<svg id="topics-chart" role="img" aria-label="Requests per topic, this week and the week before" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" xmlns="http://www.w3.org/2000/svg">` +
    `<rect class="bar-now" x="0" y="2" width="10" height="10"/><text x="14" y="11">this week</text>` +
    `<rect class="bar-before" x="100" y="2" width="10" height="10"/><text x="114" y="11">week before</text>` +
    rows.join("") +
    "</svg>"
  );
}

function changeCell(t: Topic): string {
  const cls = t.change > 0 ? "up" : t.change < 0 ? "down" : "";
  const pct = t.change_pct === null ? "new" : `${t.change_pct > 0 ? "+" : ""}${t.change_pct}%`;
  return `<td class="${cls}">${t.change > 0 ? "+" : ""}${t.change} (${pct})</td>`;
}

/** The ad slot, labelled as the rate card requires, apart from the report; nothing when no campaign filled it. */
function sponsoredBox(body: WeeklyBody): string {
  const ad = body.sponsored;
  if (ad === null) return "";
  return `<aside id="sponsored" class="note"><strong>${escapeHtml(ad.label)}</strong> <a href="${escapeHtml(ad.click_url)}" rel="sponsored nofollow">${escapeHtml(ad.title)}</a> (${escapeHtml(ad.display_host)}): ${escapeHtml(ad.description)}</aside>`;
}

export function whatAgentsWantPage(body: WeeklyBody): string {
  const rows = body.topics
    .map((t) => `<tr><td>${escapeHtml(t.topic)}</td><td>${t.requests}</td><td>${t.quotes}</td><td>${escapeHtml(t.clients)}</td><td>${t.previous_requests}</td>${changeCell(t)}</tr>`)
    .join("");
  const content =
    body.topics.length === 0
      ? `<p id="empty">No topic had at least 3 distinct clients on any day of the week: nothing is publishable yet.</p>`
      : `${chart(body.topics)}<table id="topics"><thead><tr><th>topic</th><th>requests</th><th>quotes</th><th>clients</th><th>week before</th><th>change</th></tr></thead><tbody>${rows}</tbody></table>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(body.title)}</title><link rel="icon" href="/favicon.svg" type="image/svg+xml"><style>${STYLE}</style></head>
<body><h1>${escapeHtml(body.title)}</h1>
<p>Week ${escapeHtml(body.week.from)} to ${escapeHtml(body.week.to)} against ${escapeHtml(body.previous_week.from)} to ${escapeHtml(body.previous_week.to)}. JSON: send <code>Accept: application/json</code>.</p>
${content}
${sponsoredBox(body)}
<p class="note">${escapeHtml(body.method)}</p><p class="note">${escapeHtml(body.privacy)}</p><p class="note">Generated ${escapeHtml(body.generated_at)}.</p>
</body></html>`;
}
