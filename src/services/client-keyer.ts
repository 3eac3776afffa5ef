import { createHmac } from "node:crypto";
import { DAY_MS } from "../domain/bar.js";

export const RETENTION_MS = 90 * DAY_MS;

export interface SaltSource {
  saltFor(periodStartMs: number): Promise<string>;
}

export interface ClientIdentity {
  payer?: string;
  ip?: string;
  userAgent?: string;
}

/**
 * Turns who a caller is into an opaque key: HMAC of the payer wallet when one paid, else of the /24 (IPv4)
 * or /48 (IPv6) network plus user-agent. The salt rotates every retention period, so keys cannot be linked
 * across periods and no raw address is ever stored.
 */
export class ClientKeyer {
  constructor(private readonly salts: SaltSource) {}

  async keyFor(identity: ClientIdentity, nowMs: number): Promise<string> {
    const periodStartMs = Math.floor(nowMs / RETENTION_MS) * RETENTION_MS;
    const salt = await this.salts.saltFor(periodStartMs);
    const material =
      identity.payer !== undefined
        ? `wallet:${identity.payer.toLowerCase()}`
        : `net:${networkPrefix(identity.ip ?? "")}|ua:${identity.userAgent ?? ""}`;
    return createHmac("sha256", salt).update(material).digest("hex").slice(0, 32);
  }
}

function networkPrefix(ip: string): string {
  if (ip.includes(".")) return ip.split(".").slice(0, 3).join(".");
  if (ip.includes(":")) return ip.split(":").slice(0, 3).join(":");
  return ip;
}
