import { createHash } from "node:crypto";
import { recoverMessageAddress, type Hex } from "viem";
import { describe, expect, it } from "vitest";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { createTestPayer } from "../support/test-payer.js";
import { suiteService } from "../support/suite-service.js";

describe.skipIf(!SHARED_PRESENT)("response signatures", () => {
  const service = suiteService();

  it("signs every 200 over the exact body bytes, verifiable with a stock Ethereum library", async () => {
    const res = await service().app.request("/llms.txt");
    expect(res.status).toBe(200);
    const body = new Uint8Array(await res.arrayBuffer());
    const digest = createHash("sha256").update(body).digest();
    expect(res.headers.get("x-response-hash")).toBe(`sha256=${digest.toString("hex")}`);
    const recovered = await recoverMessageAddress({ message: { raw: digest }, signature: res.headers.get("x-response-signature") as Hex });
    expect(recovered).toBe(res.headers.get("x-signer"));
    expect(recovered).toBe(service().signer.address);
  });

  it("signs a large paid answer, serialised off the event loop, over the bytes the caller receives", async () => {
    await service().warmUp(); // starts the answer encoder's thread, as the server does before it listens
    const payer = await createTestPayer(service());
    const res = await payer.pay("/get_patterns_ohlc?ticker=SPY&start_date=2015-01-02&end_date=2016-01-04&k=20");
    expect(res.status).toBe(200);
    expect(res.headers.get("payment-response")).not.toBeNull();
    const body = new Uint8Array(await res.arrayBuffer());
    expect(body.length).toBeGreaterThan(100_000);
    const digest = createHash("sha256").update(body).digest();
    expect(res.headers.get("x-response-hash")).toBe(`sha256=${digest.toString("hex")}`);
    const recovered = await recoverMessageAddress({ message: { raw: digest }, signature: res.headers.get("x-response-signature") as Hex });
    expect(recovered).toBe(service().signer.address);
    const parsed = JSON.parse(Buffer.from(body).toString("utf8")) as { patterns: { opens: number[] }[] };
    expect(parsed.patterns).toHaveLength(20);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("round-trips through /verify_signature: genuine is valid, a changed body or a foreign signature is not", async () => {
    const res = await service().app.request("/.well-known/x402");
    const body = await res.text();
    const sig = res.headers.get("x-response-signature")!;

    const check = async (params: Record<string, string>) => {
      const r = await service().app.request("/verify_signature", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(params),
      });
      expect(r.status).toBe(200);
      return (await r.json()) as { valid: boolean; recovered: string | null; signer: string };
    };
    expect(await check({ body, sig })).toEqual({ valid: true, recovered: service().signer.address, signer: service().signer.address });
    const tampered = await check({ body: body.replace("x402", "x403"), sig });
    expect(tampered.valid).toBe(false);
    expect(tampered.recovered).not.toBe(service().signer.address);
    const garbage = await check({ body, sig: `0x${"00".repeat(65)}` });
    expect(garbage).toEqual({ valid: false, recovered: null, signer: service().signer.address });
  });

  it("does not sign errors or 402s", async () => {
    const missing = await service().app.request("/no_such_route");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("x-response-signature")).toBeNull();
    const quote = await service().app.request("/api");
    expect(quote.status).toBe(402);
    expect(quote.headers.get("x-response-signature")).toBeNull();
  });

  it("keeps the same signer across restarts of one data directory", async () => {
    const { loadOrCreateKeys } = await import("../../src/main/persistent-keys.js");
    const again = loadOrCreateKeys(service().dataDir, {});
    const { privateKeyToAddress } = await import("viem/accounts");
    expect(privateKeyToAddress(again.signerPrivateKey)).toBe(service().signer.address);
  });
});
