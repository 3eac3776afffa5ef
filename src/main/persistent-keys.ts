import { hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { generatePrivateKey } from "viem/accounts";
import { secp256k1 } from "../payments/secp256k1.js";
import type { Hex } from "viem";
import { ConfigError } from "../config/config.js";
import { ensurePrivateDir, groupOrWorldBits, PRIVATE_FILE_MODE } from "../storage/private-files.js";

const KeyFileSchema = z.object({
  signerPrivateKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
  mppSecretKey: z.string().min(32),
  embeddedFacilitatorKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
  embeddedPayToKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
});
export type KeyFile = z.infer<typeof KeyFileSchema>;

export interface ServiceKeys {
  signerPrivateKey: Hex;
  mppSecretKey: string;
  /** Embedded mode only: the facilitator's gas key on the in-process chain. */
  embeddedFacilitatorKey: Hex;
  /** Embedded mode's default recipient when PAY_TO is unset. */
  embeddedPayTo: string;
  /**
   * The AES-256 key that seals alert webhook secrets at rest: derived (HKDF-SHA256) from the MPP secret key, so it
   * is kept, shared by every node and replaced exactly as that key is (MPP_SECRET_KEY or keys.json). Replacing the
   * MPP key makes stored webhook secrets unreadable: their alerts' deliveries fail and must be registered again.
   */
  alertSecretKey: Buffer;
}

const ALERT_SECRET_KEY_INFO = "precedent alert webhook secrets v1";

/**
 * Keys the service needs but the environment did not give: generated once and kept in
 * `<dataDir>/keys.json` (mode 0600, in a 0700 directory), so the signer address stays the same across
 * restarts. A key file other users can read is refused: its keys must be treated as leaked.
 */
export function loadOrCreateKeys(dataDir: string, overrides: { signerPrivateKey?: string; mppSecretKey?: string }): ServiceKeys {
  const file = path.join(dataDir, "keys.json");
  let stored: KeyFile;
  if (fs.existsSync(file)) {
    const exposed = groupOrWorldBits(file);
    if (exposed !== 0) {
      const mode = (fs.statSync(file).mode & 0o777).toString(8).padStart(4, "0");
      throw new ConfigError(
        `Refusing to start: ${file} is accessible to other users (mode ${mode}), so its private keys may have leaked. ` +
          `If they have not, run \`chmod 600 ${file}\`; otherwise move the file away to generate new keys.`,
      );
    }
    const parsed = KeyFileSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
    if (!parsed.success) throw new Error(`${file} is not a valid key file; move it away to generate new keys`);
    stored = parsed.data;
  } else {
    stored = {
      signerPrivateKey: generatePrivateKey(),
      mppSecretKey: randomBytes(32).toString("base64url"),
      embeddedFacilitatorKey: generatePrivateKey(),
      embeddedPayToKey: generatePrivateKey(),
    };
    ensurePrivateDir(dataDir);
    fs.writeFileSync(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: PRIVATE_FILE_MODE, flag: "wx" });
  }
  const mppSecretKey = overrides.mppSecretKey ?? stored.mppSecretKey;
  return {
    signerPrivateKey: (overrides.signerPrivateKey ?? stored.signerPrivateKey) as Hex,
    mppSecretKey,
    embeddedFacilitatorKey: stored.embeddedFacilitatorKey as Hex,
    embeddedPayTo: secp256k1.addressOf(stored.embeddedPayToKey as Hex),
    alertSecretKey: alertSecretKeyOf(mppSecretKey),
  };
}

/** The key that seals alert webhook secrets, derived from the MPP secret every node shares. */
export function alertSecretKeyOf(mppSecretKey: string): Buffer {
  return Buffer.from(hkdfSync("sha256", mppSecretKey, Buffer.alloc(0), ALERT_SECRET_KEY_INFO, 32));
}
