import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import type { ProbeCheck } from "../../src/domain/probe-report.js";
import type { SafeResponse } from "../../src/providers/http/safe-outbound-client.js";
import { checkOwnership } from "../../src/services/probe/document-checks.js";
import { readTerms } from "../../src/services/probe/payment-required.js";
import { gradeOf } from "../../src/services/probe/probe-grade.js";
import type { Exchange } from "../../src/services/probe/probe-session.js";
import { checkCors, checkMalformed } from "../../src/services/probe/robustness-checks.js";
import { checkAccepts, checkAsset, checkBazaar, checkV2Header } from "../../src/services/probe/terms-checks.js";

const USDC = "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913";
const PAY_TO = "0x1111111111111111111111111111111111111111";
const entry = { scheme: "exact", network: "eip155:8453", amount: "10000", asset: USDC, payTo: PAY_TO, maxTimeoutSeconds: 60, extra: { name: "USD Coin", version: "2" } };

const response = (headers: Record<string, string>, status = 402): SafeResponse => ({ url: "https://api.example.com/quote", status, headers, body: new Uint8Array(), redirects: [] });
const v2 = (required: Record<string, unknown>) => response({ "payment-required": Buffer.from(JSON.stringify(required)).toString("base64") });
const terms = (required: Record<string, unknown>) => readTerms(v2(required), "");
const answered = (status: number, headers: Record<string, string> = {}): Exchange => ({ ok: true, response: response(headers, status), text: "", ms: 1 });
const statusAndEvidence = (check: ProbeCheck) => [check.status, check.evidence];

describe("probe checks on hand-made answers", () => {
  it("v2-header: resource.url must be the URL requested, and PAYMENT-REQUIRED must be base64 JSON", () => {
    const requestedUrl = new URL("https://api.example.com/quote?q=1");
    const wrongUrl = v2({ x402Version: 2, resource: { url: "http://localhost:3000/quote" }, accepts: [entry] });
    expect(statusAndEvidence(checkV2Header({ response: wrongUrl, terms: readTerms(wrongUrl, ""), requestedUrl }))).toEqual([
      "fail",
      "resource.url is http://localhost:3000/quote, but https://api.example.com/quote was requested",
    ]);
    const garbage = response({ "payment-required": "{not base64}" });
    expect(checkV2Header({ response: garbage, terms: readTerms(garbage, ""), requestedUrl }).status).toBe("fail");
    const right = v2({ x402Version: 2, resource: { url: "https://api.example.com/quote" }, accepts: [entry] });
    expect(checkV2Header({ response: right, terms: readTerms(right, ""), requestedUrl }).status).toBe("pass");
  });

  it("accepts: a legacy network name in v2, the zero payTo and a missing timeout each fail", () => {
    const check = checkAccepts(terms({ x402Version: 2, accepts: [{ ...entry, network: "base", payTo: `0x${"0".repeat(40)}`, maxTimeoutSeconds: 0 }] }));
    expect(check.status).toBe("fail");
    expect(check.evidence).toContain('accepts[0].network "base" is not CAIP-2');
    expect(check.evidence).toContain("accepts[0].payTo is the zero address");
    expect(check.evidence).toContain("accepts[0].maxTimeoutSeconds 0 is not > 0");
    expect(checkAccepts(terms({ x402Version: 2, accepts: [] })).status).toBe("fail");
    expect(checkAccepts(terms({ x402Version: 2, accepts: [entry] })).status).toBe("pass");
  });

  it("asset: an unknown token, a wrong EIP-712 domain and a price above 100 USD warn", () => {
    expect(checkAsset(terms({ x402Version: 2, accepts: [{ ...entry, asset: PAY_TO }] })).evidence).toMatch(/not a token the probe knows/);
    expect(checkAsset(terms({ x402Version: 2, accepts: [{ ...entry, extra: { name: "USDC", version: "2" } }] })).evidence).toMatch(/EIP-712 domain is \{"name":"USD Coin","version":"2"\}/);
    expect(statusAndEvidence(checkAsset(terms({ x402Version: 2, accepts: [{ ...entry, amount: "250000000" }] })))).toEqual(["warn", "accepts[0] asks 250 USD, above 100 USD for one call"]);
    expect(checkAsset(terms({ x402Version: 2, accepts: [entry] })).evidence).toContain("0.01 USD");
  });

  it("bazaar: a missing extension, or one without an output example, warns", () => {
    expect(checkBazaar(terms({ x402Version: 2, accepts: [entry] })).status).toBe("warn");
    const noOutput = { info: { input: { type: "http", method: "GET" } }, schema: { $schema: "https://json-schema.org/draft/2020-12/schema", type: "object" } };
    expect(checkBazaar(terms({ x402Version: 2, accepts: [entry], extensions: { bazaar: noOutput } })).evidence).toContain("info.output.example is missing");
  });

  it("cors and malformed: a preflight without the payment header warns; a 200 for a garbage payment fails", () => {
    const preflight = answered(204, { "access-control-allow-origin": "*", "access-control-allow-headers": "content-type" });
    const challenge = response({ "access-control-expose-headers": "PAYMENT-REQUIRED" });
    const cors = checkCors(preflight, challenge, 2);
    expect(cors.status).toBe("warn");
    expect(cors.evidence).toContain("does not allow payment-signature");
    expect(cors.evidence).toContain("lacks payment-response");
    const malformed = checkMalformed([{ header: "X-PAYMENT", value: "e30=", exchange: answered(200) }]);
    expect(statusAndEvidence(malformed)[0]).toBe("fail");
    expect(malformed.evidence).toContain("served without a valid payment");
  });

  it("ownership: a proof signed by a payTo key passes; one signed by another key warns", async () => {
    const origin = new URL("https://api.example.com");
    const owner = privateKeyToAccount(`0x${"11".repeat(32)}`);
    const stranger = privateKeyToAccount(`0x${"22".repeat(32)}`);
    const proof = await owner.signMessage({ message: origin.origin });
    expect((await checkOwnership({ ownershipProofs: [proof] }, origin, [owner.address])).status).toBe("pass");
    const foreign = await stranger.signMessage({ message: origin.origin });
    const check = await checkOwnership({ ownershipProofs: [foreign] }, origin, [owner.address]);
    expect(check.status).toBe("warn");
    expect(check.evidence).toContain(stranger.address.toLowerCase());
    expect((await checkOwnership({}, origin, [owner.address])).status).toBe("skip");
  });

  it("grade: F without a 402, then by failures and warnings", () => {
    const check = (status: ProbeCheck["status"]): ProbeCheck => ({ id: "cache", status, evidence: "", fix: null });
    const reach = (status: ProbeCheck["status"]): ProbeCheck => ({ id: "reach", status, evidence: "", fix: null });
    expect(gradeOf([reach("pass"), check("pass"), check("skip")], true)).toBe("A");
    expect(gradeOf([reach("pass"), check("warn")], true)).toBe("B");
    expect(gradeOf([reach("pass"), check("fail"), check("warn")], true)).toBe("C");
    expect(gradeOf([reach("pass"), check("fail"), check("fail")], true)).toBe("D");
    expect(gradeOf([reach("pass"), check("pass")], false)).toBe("F");
    expect(gradeOf([reach("fail")], true)).toBe("F");
  });
});
