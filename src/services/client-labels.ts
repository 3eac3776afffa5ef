/**
 * Reduces a User-Agent to an ecosystem label and a Referer to an assistant label (agent-economy.md §5).
 * Only labels are stored; raw user-agents and referrers never reach the request log.
 */

const COMPANY_TOKENS: ReadonlyArray<[label: string, tokens: string[]]> = [
  ["openai", ["gptbot", "oai-searchbot", "chatgpt-user", "chatgpt agent", "operator"]],
  ["anthropic", ["claudebot", "claude-user", "claude-searchbot", "claude-web", "anthropic-ai", "claude-code"]],
  ["perplexity", ["perplexitybot", "perplexity-user"]],
  [
    "google",
    ["googleother", "google-agent", "googleagent-mariner", "googleagent-urlcontext", "gemini-deep-research", "google-cloudvertexbot", "google-notebooklm"],
  ],
  ["meta", ["meta-externalagent", "meta-externalfetcher", "meta-webindexer", "facebookbot", "facebookexternalhit"]],
  ["amazon", ["amazonbot", "amzn-user", "amzn-searchbot", "amazonbuyforme", "bedrockbot", "novaact"]],
  ["apple", ["applebot"]],
  ["bytedance", ["bytespider", "tiktokspider"]],
  ["commoncrawl", ["ccbot"]],
  ["mistral", ["mistralai-user"]],
  ["deepseek", ["deepseekbot"]],
  ["cohere", ["cohere-ai"]],
  ["duckduckgo", ["duckassistbot"]],
  ["moonshot", ["kimi-user"]],
  ["huawei", ["petalbot", "pangubot"]],
  ["you.com", ["youbot"]],
];

/** Uptime, health and trust monitors and x402 indexers: excluded from conversion figures. */
const MONITOR_TOKENS = ["uptimerobot", "pingdom", "statuscake", "betterstack", "better stack", "checkly", "site24x7", "x402scan", "agentcashdiscovery", "x402lint"];

const TOOLING_TOKENS = ["python-requests", "axios", "node-fetch", "undici", "node", "curl", "go-http-client", "x402", "mppx", "httpx", "aiohttp", "okhttp", "wget"];

const ASSISTANT_HOSTS: ReadonlyArray<[label: string, hosts: string[]]> = [
  ["openai", ["chatgpt.com", "chat.openai.com"]],
  ["perplexity", ["perplexity.ai", "www.perplexity.ai"]],
  ["anthropic", ["claude.ai"]],
  ["google", ["gemini.google.com", "bard.google.com"]],
  ["microsoft", ["copilot.microsoft.com"]],
  ["meta", ["meta.ai", "www.meta.ai"]],
  ["deepseek", ["deepseek.com", "chat.deepseek.com"]],
  ["xai", ["grok.com", "x.ai"]],
  ["you.com", ["you.com"]],
  ["brave", ["search.brave.com"]],
  ["kagi", ["kagi.com"]],
  ["phind", ["phind.com"]],
  ["mistral", ["chat.mistral.ai"]],
];

export function ecosystemLabel(userAgent: string | undefined): string {
  const ua = (userAgent ?? "").toLowerCase();
  if (ua === "") return "unknown";
  for (const [label, tokens] of COMPANY_TOKENS) if (tokens.some((t) => ua.includes(t))) return label;
  if (MONITOR_TOKENS.some((t) => ua.includes(t))) return "monitor";
  if (TOOLING_TOKENS.some((t) => ua.includes(t))) return "agent-sdk";
  if (ua.includes("mozilla/")) return "browser";
  return "other";
}

/** The assistant a visit was referred from, `null` when there is no referrer, `other` for any other site. */
export function assistantLabel(referer: string | undefined, utmSource?: string | null): string | null {
  // Assistants tag the links they show (ChatGPT: utm_source=chatgpt.com) and native apps often send no Referer.
  const tagged = utmSource === undefined || utmSource === null ? undefined : assistantOfHost(utmSource.trim().toLowerCase());
  if (tagged !== undefined) return tagged;
  if (referer === undefined || referer === "") return null;
  let host: string;
  try {
    host = new URL(referer).hostname.toLowerCase();
  } catch {
    return "other";
  }
  return assistantOfHost(host) ?? "other";
}

function assistantOfHost(host: string): string | undefined {
  return ASSISTANT_HOSTS.find(([, hosts]) => hosts.includes(host))?.[0];
}
