import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1:";
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Encryption at rest for secrets a repository must give back (an alert's webhook HMAC key): AES-256-GCM with a
 * random 96-bit IV per value, the row's id as additional data (a sealed value copied onto another row does not
 * open), stored as `v1:<base64url(iv | ciphertext | tag)>`. A database dump alone no longer lets anyone sign
 * webhooks as us; the key lives with the service's other keys (main/persistent-keys.ts), never in the database.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error("SecretBox needs a 32-byte key");
  }

  seal(plaintext: string, rowId: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv).setAAD(Buffer.from(rowId, "utf8"));
    const sealed = Buffer.concat([iv, cipher.update(plaintext, "utf8"), cipher.final(), cipher.getAuthTag()]);
    return `${VERSION}${sealed.toString("base64url")}`;
  }

  /** Throws when the value was sealed with another key or for another row, or was altered. */
  open(stored: string, rowId: string): string {
    if (!SecretBox.isSealed(stored)) throw new Error("not a sealed value");
    const bytes = Buffer.from(stored.slice(VERSION.length), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", this.key, bytes.subarray(0, IV_BYTES)).setAAD(Buffer.from(rowId, "utf8"));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(VERSION);
  }
}
