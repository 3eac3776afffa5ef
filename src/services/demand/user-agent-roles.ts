import robots from "./data/ai-robots.json" with { type: "json" };
import { BoundedLru } from "../../core/bounded-lru.js";
import { ecosystemLabel } from "../client-labels.js";

/**
 * What a User-Agent says about the caller, for the demand reports: which AI company runs it and in which role
 * (from the vendored ai.robots.txt list, data/ai-robots.json, MIT), and whether it is an uptime/trust monitor or
 * an x402 indexer (agent-economy.md §5). Only these labels are stored; the raw user-agent never is.
 */

/** training: collects content for models; search: builds an AI search index; user-fetch: fetches for a person's prompt or an agent's task. */
export type AiRole = "training" | "search" | "user-fetch" | "other";
export type Automation = "monitor" | "indexer";

export interface UserAgentRoles {
  aiCompany: string | null;
  aiRole: AiRole | null;
  automation: Automation | null;
}

interface RobotEntry {
  operator: string;
  function: string;
}

interface Crawler {
  token: string;
  pattern: RegExp;
  company: string;
  role: AiRole;
}

const MONITOR_TOKENS = ["uptimerobot", "pingdom", "statuscake", "betterstack", "better stack", "checkly", "site24x7", "updown.io", "hetrixtools"];
const INDEXER_TOKENS = ["x402scan", "agentcashdiscovery", "x402lint", "x402-list", "x402index", "bazaar-indexer"];

function roleOf(purpose: string): AiRole {
  const p = purpose.toLowerCase();
  if (/assistant|agent|user-initiated|user prompts|answers|user queries|alexa|siri/.test(p)) return "user-fetch";
  if (/search/.test(p)) return "search";
  if (/train|scrap|data|llm|model|crawl|dataset/.test(p)) return "training";
  return "other";
}

/** The company label: ours where client-labels knows the token (openai, anthropic, ...), else the operator's name. */
function companyOf(token: string, operator: string): string {
  const known = ecosystemLabel(token);
  if (!["other", "agent-sdk", "browser", "monitor", "unknown"].includes(known)) return known;
  const linked = /^\[([^\]]+)\]/.exec(operator)?.[1];
  const name = linked ?? (operator.startsWith("Unclear") || operator.startsWith("http") ? token : operator.split(/[,(]| that | used /)[0]);
  return name.trim().toLowerCase().replace(/[^a-z0-9.]+/g, "-").replace(/^-|-$/g, "") || token.toLowerCase();
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Longest tokens first, so "Claude-SearchBot" wins over a shorter token it contains.
const CRAWLERS: readonly Crawler[] = Object.entries(robots as Record<string, RobotEntry>)
  .map(([token, entry]) => ({
    token,
    // A product token: not part of a longer word (the list has short names such as "Code" and "Spider").
    pattern: new RegExp(`(^|[^a-z0-9])${escape(token.toLowerCase())}($|[^a-z0-9])`),
    company: companyOf(token, entry.operator),
    role: roleOf(entry.function),
  }))
  .sort((a, b) => b.token.length - a.token.length);

/**
 * Every request is classified, and a User-Agent that names no crawler is tested against all 166 patterns:
 * callers repeat their User-Agent, so the answers are remembered (a bounded map, oldest dropped first).
 */
const KNOWN_ROLES_MAX = 2_000;
const knownRoles = new BoundedLru<string, UserAgentRoles>(KNOWN_ROLES_MAX);

export function userAgentRoles(userAgent: string | undefined): UserAgentRoles {
  const key = userAgent ?? "";
  const known = knownRoles.peek(key);
  if (known !== undefined) return { ...known };
  const roles = classify(key);
  knownRoles.set(key, roles);
  return { ...roles };
}

function classify(userAgent: string): UserAgentRoles {
  const ua = userAgent.toLowerCase();
  const automation: Automation | null = INDEXER_TOKENS.some((t) => ua.includes(t))
    ? "indexer"
    : MONITOR_TOKENS.some((t) => ua.includes(t))
      ? "monitor"
      : null;
  const crawler = ua === "" || automation !== null ? undefined : CRAWLERS.find((c) => c.pattern.test(ua));
  return { aiCompany: crawler?.company ?? null, aiRole: crawler?.role ?? null, automation };
}

/**
 * Companies that run both a training crawler and a user-triggered fetcher (Cloudflare's "mixed use"): blocking
 * one of their agents may block the other, and their crawls are not all taken for training.
 */
export const MIXED_USE_COMPANIES: ReadonlySet<string> = new Set(
  [...new Set(CRAWLERS.map((c) => c.company))].filter(
    (company) => CRAWLERS.some((c) => c.company === company && c.role === "training") && CRAWLERS.some((c) => c.company === company && c.role === "user-fetch"),
  ),
);
