import { describe, expect, it } from "vitest";
import { budgetedPayingFetch } from "../../src/providers/discovery-indexes/x402scan/budgeted-paying-fetch.js";
import { X402scanCrawler } from "../../src/providers/discovery-indexes/x402scan/x402scan-crawler.js";
import { FakeClock } from "../support/fake-clock.js";

const KEY = `0x${"0".repeat(63)}7` as const;
const URL_BASE = "https://x402scan.test/api/x402/resources";

/** x402scan's paid listing, in process: 402 with a v2 PAYMENT-REQUIRED of $0.01 unless a payment is attached. */
function paidListing(pages: number) {
  let paidPages = 0;
  const fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const page = Number(new URL(request.url).searchParams.get("page"));
    if (request.headers.get("payment-signature") === null) {
      const required = {
        x402Version: 2,
        resource: { url: request.url, description: "x402scan resources", mimeType: "application/json" },
        accepts: [
          {
            scheme: "exact",
            network: "eip155:8453",
            amount: "10000",
            asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
            payTo: "0x000000000000000000000000000000000000dEaD",
            maxTimeoutSeconds: 60,
            extra: { name: "USD Coin", version: "2" },
          },
        ],
      };
      return new Response("{}", { status: 402, headers: { "PAYMENT-REQUIRED": Buffer.from(JSON.stringify(required)).toString("base64") } });
    }
    paidPages += 1;
    const data = [{ resource: `https://seller${page}.example/api`, method: "GET", x402Version: 1, accepts: [{ network: "base", maxAmountRequired: 0.02 }], _count: { toolCalls: page } }];
    return Response.json({ data, pagination: { page, page_size: 100, has_next_page: page + 1 < pages } });
  };
  return { fetch, paidPages: () => paidPages };
}

describe("x402scan paid mirror", () => {
  it("pays page by page with the stock client and stops, partial, where the next page would pass the budget", async () => {
    const listing = paidListing(50);
    let paying: ReturnType<typeof budgetedPayingFetch> | undefined;
    const crawler = new X402scanCrawler({
      payingFetch: () => (paying = budgetedPayingFetch(KEY, 0.05, listing.fetch)),
      clock: new FakeClock(0),
      url: URL_BASE,
    });
    const crawl = await crawler.crawl();
    expect(listing.paidPages()).toBe(5);
    expect(paying!.spentUsd()).toBeCloseTo(0.05, 9);
    expect(crawl.items).toHaveLength(5);
    expect(crawl.partial).toBe(true);
    expect(crawl.note).toMatch(/budget reached after 5 page/);
  });

  it("reads to the end when the budget covers every page", async () => {
    const listing = paidListing(3);
    const crawl = await new X402scanCrawler({ payingFetch: () => budgetedPayingFetch(KEY, 1, listing.fetch), url: URL_BASE }).crawl();
    expect([crawl.items.length, crawl.partial, listing.paidPages()]).toEqual([3, false, 3]);
    expect(crawl.note).toBe("spent 0.03 USD");
  });
});
