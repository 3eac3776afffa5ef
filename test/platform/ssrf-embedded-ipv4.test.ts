import { describe, expect, it } from "vitest";
import { checkOutboundUrl, isPublicAddress } from "../../src/providers/http/outbound-url-policy.js";
import { campaignPath, ROUTER_CAMPAIGN } from "../support/ad-campaigns.js";
import { expectValidationFailures, paidRoutes } from "../support/paid-routes.js";
import { queryOf } from "../support/query-of.js";
import { routeTestDns } from "../support/route-harness.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

/*
 * Issue 34, point 6: IPv6 addresses that embed an IPv4 address are judged by the IPv4 address they embed.
 * `::7f00:1` (IPv4-compatible) was "public", so https://[::7f00:1]/ and https://[::a9fe:a9fe]/ were accepted
 * and charged on every route that stores or fetches a caller's URL.
 */

/** Every form and spelling that embeds loopback, private, link-local (metadata) or otherwise non-public IPv4. */
const EMBEDDING_PRIVATE = [
  // IPv4-compatible ::/96
  "::7f00:1", "::127.0.0.1", "::a9fe:a9fe", "::169.254.169.254", "::a00:1", "::c0a8:101", "::6440:1", "::7F00:1", "::A9FE:A9FE",
  "0:0:0:0:0:0:7f00:1", "0000:0000:0000:0000:0000:0000:7f00:0001", "0:0:0:0:0:0:169.254.169.254", "::0:a9fe:a9fe",
  // IPv4-mapped ::ffff:0:0/96
  "::ffff:127.0.0.1", "::ffff:7f00:1", "::FFFF:7F00:1", "::ffff:a9fe:a9fe", "::ffff:169.254.169.254", "0:0:0:0:0:ffff:7f00:1",
  "0000:0000:0000:0000:0000:FFFF:0A00:0001",
  // IPv4-translated ::ffff:0:0:0/96
  "::ffff:0:7f00:1", "::ffff:0:a9fe:a9fe", "0:0:0:0:ffff:0:169.254.169.254",
  // NAT64 64:ff9b::/96, and the local-use 64:ff9b:1::/48 (nothing checkable: refused)
  "64:ff9b::7f00:1", "64:ff9b::a9fe:a9fe", "64:ff9b::169.254.169.254", "64:FF9B:0:0:0:0:A9FE:A9FE", "0064:ff9b:0000:0000:0000:0000:0a00:0001",
  "64:ff9b:1::a9fe:a9fe", "64:ff9b:1:0:0:0:808:808",
  // 6to4 2002::/16: the IPv4 address is bits 16-47
  "2002:7f00:1::1", "2002:a9fe:a9fe::", "2002:a00:1::1", "2002:A9FE:A9FE:0:0:0:0:1", "2002:c0a8:101::",
  // Teredo 2001::/32: server bits 32-63; client the inverted last 32 bits (0x80fffffe -> 127.0.0.1)
  "2001:0:4136:e378:8000:63bf:80ff:fffe", "2001:0000:4136:E378:8000:63BF:5601:5656", "2001:0:a9fe:a9fe::", "2001:0:7f00:1:0:0:f7f7:f7f7",
  // unspecified and loopback are in ::/96 as well
  "::", "::1", "0:0:0:0:0:0:0:1",
];

/** The same forms around public IPv4 addresses: judged by the embedded address, they stay public. */
const EMBEDDING_PUBLIC = ["::ffff:8.8.8.8", "::ffff:808:808", "64:ff9b::808:808", "2002:808:808::1", "2001:0:4136:e378:8000:63bf:f7f7:f7f7"];

const bracketed = (address: string) => `https://[${address}]/`;

describe("IPv6 forms that embed an IPv4 address are judged by that address", () => {
  it("refuses every spelling that embeds a non-public IPv4 address, as an address and as a URL host", () => {
    for (const address of EMBEDDING_PRIVATE) {
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
      const policy = { allowHosts: new Set<string>(), httpsPorts: [443] };
      expect(() => checkOutboundUrl(bracketed(address), policy), address).toThrow(/not a public address/);
    }
  });

  it("keeps public addresses, embedded in these forms or not, public", () => {
    for (const address of [...EMBEDDING_PUBLIC, "2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "8.8.8.8"]) {
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
    }
  });
});

/** A sample of the spellings for the routes (each costs paid calls): one of every form, both cases, expanded. */
const ROUTE_SPELLINGS = ["::7f00:1", "::a9fe:a9fe", "::ffff:127.0.0.1", "0:0:0:0:0:0:A9FE:A9FE", "::FFFF:7F00:1", "64:ff9b::a9fe:a9fe", "2002:a9fe:a9fe::1", "2001:0:4136:e378:8000:63bf:80ff:fffe", "::ffff:0:a9fe:a9fe"];

describe.skipIf(!SHARED_PRESENT)("routes that store or fetch a caller's URL refuse embedded private IPv4 with 422, uncharged", () => {
  const paid = paidRoutes({ outboundResolve: routeTestDns });

  it("/watch/register, /pattern_alert, /api/probe and /api/ads/campaign", async () => {
    const cases: [string, string][] = [];
    for (const address of ROUTE_SPELLINGS) {
      const url = bracketed(address);
      cases.push([`/watch/register?${queryOf({ ticker: "AAPL", condition: "price_above", threshold: 1, webhook_url: url })}`, "webhook_url"]);
      cases.push([`/pattern_alert?${queryOf({ ticker: "NVDA", ref_ticker: "MSFT", ref_start: "2025-10-01", ref_end: "2025-10-21", webhook_url: url })}`, "webhook_url"]);
      cases.push([`/api/probe?${queryOf({ origin: `https://[${address}]` })}`, "origin"]);
    }
    await expectValidationFailures({ call: paid.call, payer: paid.payer }, cases);
    // A campaign is priced from its parameters, so it is refused before any quote: nothing can be paid at all.
    for (const address of ROUTE_SPELLINGS) {
      const path = campaignPath({ ...ROUTER_CAMPAIGN, url: bracketed(address) });
      const res = await paid.service().app.request(path, { method: "POST" });
      const body = (await res.json()) as { error: { code: string; details: { param: string }[] } };
      expect([address, res.status, body.error.code, body.error.details.map((d) => d.param)]).toEqual([address, 422, "VALIDATION_FAILED", ["url"]]);
    }
  }, 120_000);
});
