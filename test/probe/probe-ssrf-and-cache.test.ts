import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolvedAddress } from "../../src/providers/http/safe-outbound-client.js";
import { PROBE_CACHE_MS } from "../../src/services/probe/probe-service.js";
import { createDatabase, type Database } from "../../src/storage/create-database.js";
import { appError } from "../support/caught-app-error.js";
import { startLocalReceiver, type LocalReceiver } from "../support/local-receiver.js";
import { startBrokenX402Server } from "./broken-x402-server.js";
import { probeService } from "./probe-harness.js";

describe("the probe against the SSRF list: nothing private is ever reached", () => {
  let receiver: LocalReceiver;
  let database: Database;
  let probe: ReturnType<typeof probeService>;
  /** Every name the probe's client asked DNS about, and what the test DNS answered. */
  const lookups: string[] = [];
  let rebindCalls = 0;
  beforeAll(async () => {
    // The witness: any connection that got through would land here (every name below that resolves to loopback points at it).
    receiver = await startLocalReceiver((request) =>
      request.path === "/.well-known/x402" ? { status: 302, headers: { location: `https://loopback.test:${receiver.port}/.well-known/x402` } } : { status: 200, body: "{}" },
    );
    database = await createDatabase({ kind: "sqlite", file: ":memory:" });
    const table: Record<string, string[]> = {
      "loopback.test": ["127.0.0.1"],
      "private.test": ["10.0.0.5"],
      "metadata.test": ["169.254.169.254"],
      "mapped.test": ["::ffff:127.0.0.1"],
      "ula.test": ["fd00:ec2::254"],
      "cgnat.test": ["100.100.100.200"],
      "mixed.test": ["93.184.215.14", "127.0.0.1"],
      "dev.test": ["127.0.0.1"],
    };
    const resolve = async (host: string): Promise<ResolvedAddress[]> => {
      lookups.push(host);
      // Rebinding: a public answer for the up-front check, loopback when the socket is opened.
      const answers = host === "rebind.test" ? [rebindCalls++ === 0 ? "93.184.215.14" : "127.0.0.1"] : table[host];
      if (answers === undefined) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: "ENOTFOUND" });
      return answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    };
    // The receiver's port is an allowed https port, so only the address rules can stop a request; dev.test is the
    // one allow-listed host (plain http), whose first answer redirects to a loopback name.
    probe = probeService(database, { resolve, httpsPorts: [443, receiver.port], allowHosts: ["dev.test"] });
  });
  afterAll(async () => {
    await probe.close();
    await database.close();
    await receiver.close();
  });

  it("answers 422 naming origin for private, loopback, link-local, metadata, IPv6-mapped and privately resolving origins", async () => {
    const p = receiver.port;
    const origins = [
      `https://127.0.0.1:${p}`,
      `https://[::1]:${p}`,
      `https://[::ffff:127.0.0.1]:${p}`,
      `https://[::ffff:7f00:1]:${p}`,
      `https://2130706433:${p}`,
      `https://10.0.0.1:${p}`,
      "https://169.254.169.254",
      "https://[fd00:ec2::254]",
      "https://metadata.google.internal",
      `https://localhost:${p}`,
      `https://loopback.test:${p}`,
      `https://private.test:${p}`,
      `https://metadata.test:${p}`,
      `https://mapped.test:${p}`,
      `https://ula.test:${p}`,
      `https://cgnat.test:${p}`,
      `https://mixed.test:${p}`,
      `https://rebind.test:${p}`,
      `http://loopback.test:${p}`,
      `http://dev.test:${p}`,
    ];
    for (const origin of origins) {
      const error = await appError(probe.service.probe(origin));
      expect([origin, error.code, error.details?.[0]?.param]).toEqual([origin, "VALIDATION_FAILED", "origin"]);
    }
    // The allow-listed dev.test was reached once, over plain http, and its redirect to a loopback name was refused.
    expect(receiver.requests.map((r) => `${r.method} ${r.path} ${r.headers.host}`)).toEqual([`GET /.well-known/x402 dev.test:${p}`]);
    expect(receiver.connections()).toBe(1);
    expect(lookups).toContain("rebind.test");
    expect(rebindCalls).toBe(2);
    expect(await probe.service.probe(`https://api.example.org/path`).catch((e: Error) => e.message)).toMatch(/origin: expected an origin without path/);
  });
});

describe("the probe cache: one probe per origin per 10 minutes, on every node", () => {
  let server: Awaited<ReturnType<typeof startBrokenX402Server>>;
  let database: Database;
  let nodeA: ReturnType<typeof probeService>;
  let nodeB: ReturnType<typeof probeService>;
  beforeAll(async () => {
    server = await startBrokenX402Server();
    database = await createDatabase({ kind: "sqlite", file: ":memory:" });
    nodeA = probeService(database, { allowHosts: ["127.0.0.1"] });
    nodeB = probeService(database, { allowHosts: ["127.0.0.1"] });
  });
  afterAll(async () => {
    await nodeA.close();
    await nodeB.close();
    await database.close();
    await server.close();
  });

  it("serves the stored result without contacting the origin, until 10 minutes have passed", async () => {
    const [first, concurrent] = await Promise.all([nodeA.service.probe(server.base), nodeA.service.probe(`${server.base}/`)]);
    const sent = server.requests.length;
    expect(sent).toBeGreaterThan(0);
    expect(first.cached).toBe(false);
    expect(concurrent).toBe(first);

    nodeA.clock.advance(PROBE_CACHE_MS - 1);
    const again = await nodeA.service.probe(server.base);
    nodeB.clock.advance(PROBE_CACHE_MS - 1);
    const otherNode = await nodeB.service.probe(server.base);
    expect(server.requests.length).toBe(sent);
    for (const cached of [again, otherNode]) expect(cached).toEqual({ ...first, cached: true });

    nodeA.clock.advance(1);
    const fresh = await nodeA.service.probe(server.base);
    expect(fresh.cached).toBe(false);
    expect(server.requests.length).toBe(2 * sent);
  });
});
