import { describe, expect, it } from "vitest";
import { findCatalogRoute } from "../../src/contracts/route-catalog.js";
import { categoryOf, normalisePath, priceBandOf } from "../../src/services/demand/request-facets.js";
import { MIXED_USE_COMPANIES, userAgentRoles } from "../../src/services/demand/user-agent-roles.js";

describe("user-agent roles from the vendored ai.robots.txt list", () => {
  it("attributes crawlers to companies and roles, and flags monitors and indexers", () => {
    expect(userAgentRoles("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)")).toEqual({ aiCompany: "openai", aiRole: "training", automation: null });
    expect(userAgentRoles("Mozilla/5.0 (compatible; ChatGPT-User/1.0; +https://openai.com/bot)")).toEqual({ aiCompany: "openai", aiRole: "user-fetch", automation: null });
    expect(userAgentRoles("Mozilla/5.0 (compatible; OAI-SearchBot/1.0)")).toMatchObject({ aiCompany: "openai", aiRole: "search" });
    expect(userAgentRoles("Mozilla/5.0 (compatible; Claude-User/1.0)")).toMatchObject({ aiCompany: "anthropic", aiRole: "user-fetch" });
    expect(userAgentRoles("Mozilla/5.0 (compatible; PerplexityBot/1.0)")).toMatchObject({ aiCompany: "perplexity", aiRole: "search" });
    expect(userAgentRoles("CCBot/2.0 (https://commoncrawl.org/faq/)")).toMatchObject({ aiCompany: "commoncrawl", aiRole: "training" });
    expect(userAgentRoles("Mozilla/5.0+(compatible; UptimeRobot/2.0)")).toEqual({ aiCompany: null, aiRole: null, automation: "monitor" });
    expect(userAgentRoles("x402scan/1.0")).toEqual({ aiCompany: null, aiRole: null, automation: "indexer" });
    expect(userAgentRoles("AgentCashDiscovery/1.0")).toMatchObject({ automation: "indexer" });
    // Short names of the list match whole product tokens only.
    expect(userAgentRoles("Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 VSCode/1.9")).toEqual({ aiCompany: null, aiRole: null, automation: null });
    expect(userAgentRoles("python-requests/2.32.3")).toEqual({ aiCompany: null, aiRole: null, automation: null });
    expect(userAgentRoles(undefined)).toEqual({ aiCompany: null, aiRole: null, automation: null });
  });

  it("knows which companies run both a training crawler and a user-triggered fetcher", () => {
    expect(MIXED_USE_COMPANIES.has("openai")).toBe(true);
    expect(MIXED_USE_COMPANIES.has("anthropic")).toBe(true);
    expect(MIXED_USE_COMPANIES.has("perplexity")).toBe(false);
  });
});

describe("request facets", () => {
  it("normalises paths: lower case, no query, no repeated slashes, identifiers masked", () => {
    expect(normalisePath("/API//Weather/12345/")).toBe("/api/weather/{id}");
    expect(normalisePath("/balance/0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913?x=1")).toBe("/balance/{id}");
    expect(normalisePath("/user/someone@example.com/profile")).toBe("/user/{id}/profile");
    expect(normalisePath("/a/b/c/d/e/f/g/h")).toBe("/a/b/c/d/e/f");
    expect(normalisePath("/")).toBe("/");
  });

  it("categorises our routes by family and other paths by their words; bands prices", () => {
    expect(categoryOf(findCatalogRoute("get_patterns"), "/get_patterns")).toBe("patterns");
    expect(categoryOf(undefined, "/api/weather/{id}")).toBe("weather");
    expect(categoryOf(undefined, "/v1/news/headlines")).toBe("news-sentiment");
    expect(priceBandOf(findCatalogRoute("get_latest_price"))).toBe("under_0.01");
    expect(priceBandOf(findCatalogRoute("api_demand_intent"))).toBe("0.25+");
    expect(priceBandOf(findCatalogRoute("api_demand_about"))).toBe("free");
    expect(priceBandOf(undefined)).toBeNull();
  });
});
