import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/config.js";
import { loadOrCreateKeys } from "../../src/main/persistent-keys.js";
import { createDatabase } from "../../src/storage/create-database.js";

const modeOf = (file: string) => fs.statSync(file).mode & 0o777;

describe.skipIf(process.platform === "win32")("data directory permissions", () => {
  const roots: string[] = [];
  const tempRoot = () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-modes-"));
    roots.push(root);
    return root;
  };
  afterEach(() => {
    for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
  });

  it("creates the data directory 0700 and the SQLite database and its WAL files 0600", async () => {
    const dataDir = path.join(tempRoot(), "data");
    const file = path.join(dataDir, "precedent.sqlite");
    const database = await createDatabase({ kind: "sqlite", file });
    try {
      await database.db.insertInto("client_key_salts").values({ period_start_ms: 0, salt: "x" }).execute();
      expect(modeOf(dataDir)).toBe(0o700);
      for (const suffix of ["", "-wal", "-shm"]) expect([suffix, modeOf(`${file}${suffix}`)]).toEqual([suffix, 0o600]);
    } finally {
      await database.close();
    }
  });

  it("tightens database files an older version left world-readable", async () => {
    const dataDir = tempRoot();
    const file = path.join(dataDir, "precedent.sqlite");
    const first = await createDatabase({ kind: "sqlite", file });
    await first.close();
    fs.chmodSync(file, 0o644);
    fs.writeFileSync(`${file}-wal`, "", { mode: 0o644 });
    fs.chmodSync(`${file}-wal`, 0o644);
    const second = await createDatabase({ kind: "sqlite", file });
    try {
      expect(modeOf(file)).toBe(0o600);
      expect(modeOf(`${file}-wal`)).toBe(0o600);
    } finally {
      await second.close();
    }
  });

  it("writes keys.json 0600 in a 0700 directory, and refuses to start on a key file others can read", () => {
    const dataDir = path.join(tempRoot(), "fresh");
    const keys = loadOrCreateKeys(dataDir, {});
    const file = path.join(dataDir, "keys.json");
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(loadOrCreateKeys(dataDir, {}).signerPrivateKey).toBe(keys.signerPrivateKey);
    fs.chmodSync(file, 0o644);
    expect(() => loadOrCreateKeys(dataDir, {})).toThrow(ConfigError);
    expect(() => loadOrCreateKeys(dataDir, {})).toThrow(/mode 0644.*chmod 600/s);
    fs.chmodSync(file, 0o640);
    expect(() => loadOrCreateKeys(dataDir, {})).toThrow(/mode 0640/);
  });
});
