/**
 * The documented theme map of /api/narrative: a theme is tagged when its keywords appear in the headlines
 * (whole words, case-insensitive). The theme with the most hits wins; ties go to the earlier theme here.
 */
export const THEME_KEYWORDS: ReadonlyArray<{ theme: string; keywords: readonly string[] }> = [
  { theme: "ai", keywords: ["ai", "artificial intelligence", "chip", "chips", "gpu", "gpus", "semiconductor", "data center", "nvidia", "openai"] },
  { theme: "earnings", keywords: ["earnings", "revenue", "profit", "guidance", "quarter", "quarterly", "eps", "results", "forecast"] },
  { theme: "regulation", keywords: ["ban", "antitrust", "lawsuit", "court", "regulator", "regulators", "sec", "probe", "fine", "sanctions"] },
  { theme: "macro", keywords: ["fed", "inflation", "rates", "rate", "recession", "jobs", "cpi", "tariff", "tariffs", "treasury", "yields", "dollar"] },
  { theme: "crypto", keywords: ["bitcoin", "crypto", "ethereum", "blockchain", "token", "stablecoin", "etf", "halving"] },
  { theme: "deals", keywords: ["acquire", "acquisition", "merger", "deal", "buyout", "stake", "takeover", "investment"] },
  { theme: "product", keywords: ["launch", "launches", "unveil", "unveils", "iphone", "release", "model", "device"] },
  { theme: "commodities", keywords: ["gold", "oil", "crude", "opec", "silver", "copper", "supply"] },
];

export interface ThemeTag {
  theme: string | null;
  /** Keyword -> hits, for the winning theme. */
  matched: Record<string, number>;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function themeOf(titles: readonly string[]): ThemeTag {
  const text = titles.join(" \n ").toLowerCase();
  let best: ThemeTag & { hits: number } = { theme: null, matched: {}, hits: 0 };
  for (const { theme, keywords } of THEME_KEYWORDS) {
    const matched: Record<string, number> = {};
    let hits = 0;
    for (const keyword of keywords) {
      const n = (text.match(new RegExp(`\\b${escape(keyword)}\\b`, "g")) ?? []).length;
      if (n > 0) [matched[keyword], hits] = [n, hits + n];
    }
    if (hits > best.hits) best = { theme, matched, hits };
  }
  return { theme: best.theme, matched: best.matched };
}

export const THEME_METHOD =
  "theme: the theme of this keyword map with the most whole-word hits in the headlines (ties: the earlier theme), null when none " +
  "matches: " +
  THEME_KEYWORDS.map(({ theme, keywords }) => `${theme} (${keywords.join(", ")})`).join("; ") +
  ".";
