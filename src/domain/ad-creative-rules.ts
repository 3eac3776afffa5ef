/**
 * What a creative may say, checked mechanically at purchase (a refusal is a 422, before any payment is asked
 * for). The rate card publishes this same table, so the documented rules and the enforced rules cannot drift.
 */

export const CREATIVE_LIMITS = {
  title: { min: 3, max: 60 },
  description: { min: 10, max: 200 },
  keywords: { min: 1, max: 10, minLength: 2, maxLength: 32 },
  urlMaxLength: 500,
} as const;

/**
 * Letters and digits of any script, spaces and plain punctuation. Refused by omission: markup and code
 * (`< > { } [ ] \` and backticks), control and invisible formatting characters (bidirectional overrides,
 * zero-width joiners) that could disguise the text, and emoji.
 */
const ALLOWED_TEXT = /^[\p{L}\p{N} .,:;!?'"&()%+\-/$#@*_]+$/u;
export const ALLOWED_CHARACTERS =
  "letters and digits of any script, spaces and . , : ; ! ? ' \" & ( ) % + - / $ # @ * _ (no markup, control, invisible or emoji characters)";

export const REFUSED_CONTENT: readonly { rule: string; pattern: RegExp }[] = [
  {
    rule: "links or web addresses in the title or description (the url parameter is the only link an item carries)",
    pattern: /https?:|www\.|\b[a-z0-9-]+\.(com|net|org|io|ai|xyz|app|dev|co)\b/i,
  },
  { rule: "promises of guaranteed returns or risk-free profit", pattern: /\bguarantee[sd]?\b.*\b(returns?|profits?|gains?|yield)\b|\brisk[- ]free\b/i },
  { rule: "text that denies being an advertisement", pattern: /\bnot (an? )?(ad|advert|advertisement|sponsored)\b|\bunsponsored\b|\borganic result\b/i },
];

/** Keywords: 2 to 32 lower-case letters, digits or inner hyphens each; the matcher compares whole words. */
const KEYWORD = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/** Trimmed, with inner runs of whitespace as one space: what is stored and shown. */
export const normalizeCreativeText = (text: string): string => text.trim().replace(/\s+/g, " ");

/** Why a title or description is refused, or undefined when it is acceptable (length checked by the caller). */
export function creativeTextIssue(text: string): string | undefined {
  if (!ALLOWED_TEXT.test(text)) return `may contain only ${ALLOWED_CHARACTERS}`;
  const refused = REFUSED_CONTENT.find((r) => r.pattern.test(text));
  if (refused !== undefined) return `refused: ${refused.rule}`;
  const letters = text.replace(/[^\p{L}]/gu, "");
  if (letters.length >= 8 && letters === letters.toUpperCase() && letters !== letters.toLowerCase()) return "refused: text written in capitals";
  return undefined;
}

/** The keywords of a campaign (comma- or space-separated), or the reason they are refused. */
export function parseCampaignKeywords(text: string): { keywords: string[] } | { issue: string } {
  const limits = CREATIVE_LIMITS.keywords;
  const words = text
    .toLowerCase()
    .split(/[\s,]+/)
    .filter((w) => w !== "");
  const bad = words.find((w) => w.length < limits.minLength || w.length > limits.maxLength || !KEYWORD.test(w));
  if (bad !== undefined) {
    return { issue: `"${bad.slice(0, 40)}" is not a keyword: each is ${limits.minLength} to ${limits.maxLength} letters, digits or inner hyphens` };
  }
  const keywords = [...new Set(words)];
  if (keywords.length < limits.min) return { issue: "must name at least one keyword" };
  if (keywords.length > limits.max) return { issue: `must name at most ${limits.max} distinct keywords` };
  return { keywords };
}
