import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isPublicAddress } from "../../src/providers/http/outbound-url-policy.js";
import {
  createSafeOutboundClient,
  OutboundBlockedError,
  OutboundFailedError,
  type ResolvedAddress,
  type SafeOutboundClient,
} from "../../src/providers/http/safe-outbound-client.js";
import { startLocalReceiver, type LocalReceiver } from "../support/local-receiver.js";

/** Test DNS: names map to fixed addresses; nothing reaches a real resolver. */
function fakeDns(table: Record<string, string[]>) {
  return async (host: string): Promise<ResolvedAddress[]> => {
    const answers = table[host];
    if (answers === undefined) throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: "ENOTFOUND" });
    return answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
}

const FORBIDDEN_ADDRESSES = [
  "127.0.0.1", "127.1.2.3", "10.0.0.1", "172.16.5.4", "192.168.1.1", "169.254.169.254", "100.64.0.1", "100.100.100.200",
  "224.0.0.1", "0.0.0.0", "255.255.255.255", "198.18.0.1", "192.0.0.192", "::1", "::", "fe80::1", "fd00:ec2::254", "fc00::1",
  "ff02::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:169.254.169.254", "64:ff9b::7f00:1", "2002:7f00:1::1",
];

describe("outbound address policy", () => {
  it("refuses every non-public address form and accepts public unicast ones", () => {
    for (const address of FORBIDDEN_ADDRESSES) expect([address, isPublicAddress(address)]).toEqual([address, false]);
    // Alternative IPv4 spellings that ipaddr.js parses as loopback.
    for (const address of ["2130706433", "0x7f000001", "0177.0.0.1"]) expect([address, isPublicAddress(address)]).toEqual([address, false]);
    for (const address of ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111"]) expect([address, isPublicAddress(address)]).toEqual([address, true]);
  });
});

describe("SSRF-safe outbound client against a receiver on 127.0.0.1", () => {
  let receiver: LocalReceiver;
  let strict: SafeOutboundClient;
  let withDevHost: SafeOutboundClient;
  const dnsTable: Record<string, string[]> = {};

  beforeAll(async () => {
    receiver = await startLocalReceiver((request) => {
      if (request.path.startsWith("/to/")) return { status: 302, headers: { location: decodeURIComponent(request.path.slice(4)) } };
      if (request.path === "/loop") return { status: 307, headers: { location: "/loop" } };
      if (request.path === "/big") return { status: 200, body: "x".repeat(5_000) };
      if (request.path === "/slow") return "hang";
      return { status: 200, body: "reached" };
    });
    const port = receiver.port;
    Object.assign(dnsTable, {
      "evil.test": ["127.0.0.1"],
      "mixed.test": ["93.184.215.14", "10.1.2.3"],
      "metadata.test": ["169.254.169.254"],
      "mapped.test": ["::ffff:127.0.0.1"],
      "cgnat.test": ["100.64.1.1"],
      "ula.test": ["fd12::1"],
      "dev.test": ["127.0.0.1"],
    });
    // The receiver's port is allowed for https so only the address rules can stop a request.
    strict = createSafeOutboundClient({ resolve: fakeDns(dnsTable), httpsPorts: [443, port] });
    withDevHost = createSafeOutboundClient({ resolve: fakeDns(dnsTable), httpsPorts: [443, port], allowHosts: ["dev.test"], totalTimeoutMs: 300, maxResponseBytes: 1_000 });
  });
  afterAll(async () => {
    await strict.close();
    await withDevHost.close();
    await receiver.close();
  });

  it("the allow-listed dev host reaches the receiver over plain http (the positive control)", async () => {
    const before = receiver.connections();
    const res = await withDevHost.request(`http://dev.test:${receiver.port}/hello`);
    expect(res.status).toBe(200);
    expect(Buffer.from(res.body).toString()).toBe("reached");
    expect(receiver.connections()).toBe(before + 1);
  });

  it("every forbidden URL form is refused before a single connection reaches the receiver", async () => {
    const p = receiver.port;
    const urls = [
      `http://127.0.0.1:${p}/`, `https://127.0.0.1:${p}/`, `https://2130706433:${p}/`, `https://0x7f000001:${p}/`, `https://0177.0.0.1:${p}/`,
      `https://0x7f.1:${p}/`, `https://[::1]:${p}/`, `https://[::ffff:127.0.0.1]:${p}/`, `https://[::ffff:7f00:1]:${p}/`, `https://localhost:${p}/`,
      `https://api.localhost:${p}/`, `https://printer.local:${p}/`, `https://metadata.google.internal:${p}/`, `https://intranet:${p}/`,
      `https://127.0.0.1.nip.io:${p}/`, `https://user:pw@evil.test:${p}/`, `https://169.254.169.254:${p}/`, `https://[fd00:ec2::254]:${p}/`,
      `ftp://evil.test:${p}/`, `https://evil.test:${p + 1}/`,
      // Names that pass the URL rules but resolve to a forbidden address: refused at connect time.
      `https://evil.test:${p}/`, `https://mixed.test:${p}/`, `https://metadata.test:${p}/`, `https://mapped.test:${p}/`, `https://cgnat.test:${p}/`,
      `https://ula.test:${p}/`, `https://unknown.test:${p}/`,
    ];
    const before = receiver.connections();
    for (const url of urls) {
      await expect(strict.request(url), url).rejects.toBeInstanceOf(OutboundBlockedError);
      await expect(strict.checkUrl(url), url).rejects.toBeInstanceOf(OutboundBlockedError);
    }
    expect(receiver.connections()).toBe(before);
    // Control: the same https name, once exempted, does open a connection (TLS then fails on a plain server),
    // so it was the address check that kept the receiver untouched above.
    const exempt = createSafeOutboundClient({ resolve: fakeDns(dnsTable), httpsPorts: [p], allowHosts: ["evil.test"] });
    await expect(exempt.request(`https://evil.test:${p}/`)).rejects.toMatchObject({ kind: "network" });
    expect(receiver.connections()).toBe(before + 1);
    await exempt.close();
  });

  it("a redirect to a forbidden target is re-checked and refused: only the first hop is reached", async () => {
    const p = receiver.port;
    for (const target of [`http://127.0.0.1:${p}/secret`, `https://evil.test:${p}/secret`, `https://[::ffff:127.0.0.1]:${p}/secret`, `http://2130706433:${p}/secret`]) {
      const before = receiver.requests.length;
      await expect(withDevHost.request(`http://dev.test:${p}/to/${encodeURIComponent(target)}`), target).rejects.toBeInstanceOf(OutboundBlockedError);
      expect(receiver.requests.slice(before).map((r) => r.path)).toEqual([`/to/${encodeURIComponent(target)}`]);
    }
  });

  it("follows at most three redirects, and enforces the total timeout and the body cap", async () => {
    const p = receiver.port;
    const before = receiver.requests.length;
    await expect(withDevHost.request(`http://dev.test:${p}/loop`)).rejects.toMatchObject({ kind: "too_many_redirects" });
    expect(receiver.requests.length - before).toBe(4);
    const followed = await withDevHost.request(`http://dev.test:${p}/to/${encodeURIComponent("/hello")}`, { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    expect([followed.status, followed.redirects]).toEqual([200, [`http://dev.test:${p}/hello`]]);
    expect(receiver.requests.at(-1)?.method).toBe("GET");
    await expect(withDevHost.request(`http://dev.test:${p}/big`)).rejects.toMatchObject({ kind: "too_large" });
    const started = Date.now();
    const slow = withDevHost.request(`http://dev.test:${p}/slow`);
    await expect(slow).rejects.toBeInstanceOf(OutboundFailedError);
    await expect(slow).rejects.toMatchObject({ kind: "timeout" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
