import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { serve } from "@hono/node-server";
import type { Logger } from "pino";
import { z } from "zod";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import type { Hex } from "viem";
import type { EmbeddedPaymentNetwork } from "../payments/embedded/embedded-facilitator.js";
import { createFacilitatorApp } from "../payments/facilitator-server/facilitator-app.js";

const KeysSchema = z.object({
  facilitatorPrivateKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
  payToPrivateKey: z.string().regex(/^0x[0-9a-fA-F]{64}$/),
});

export interface StandaloneFacilitator {
  /** Base URL to give service nodes as FACILITATOR. */
  url: string;
  payTo: string;
  network: EmbeddedPaymentNetwork;
  close(): Promise<void>;
}

/**
 * The embedded chain and the stock @x402/evm facilitator as their own process (`npm run facilitator`), so
 * that any number of service nodes share one chain: one payTo, one set of balances, one set of used
 * nonces. Its keys and its chain journal live in `dataDir` (0700 directory, 0600 files), so a restart
 * keeps every balance and every used authorization (see chain-journal.ts).
 */
export async function startStandaloneFacilitator(options: { dataDir: string; port: number; host: string; logger: Logger }): Promise<StandaloneFacilitator> {
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const keys = loadOrCreateFacilitatorKeys(path.join(options.dataDir, "facilitator-keys.json"));
  const { createEmbeddedPaymentNetwork } = await import("../payments/embedded/embedded-facilitator.js");
  const network = await createEmbeddedPaymentNetwork({
    facilitatorPrivateKey: keys.facilitatorPrivateKey as Hex,
    journalFile: path.join(options.dataDir, "chain-journal.ndjson"),
  });
  // Before it listens, as in the payment thread: on a fork it then reverts, so no call may run meanwhile.
  const { rehearseSettlement } = await import("../payments/embedded/settlement-rehearsal.js");
  await rehearseSettlement(network);
  const payTo = privateKeyToAddress(keys.payToPrivateKey as Hex);
  const app = createFacilitatorApp(
    {
      facilitator: network.facilitator,
      payTo,
      mintUsdc: network.mintUsdc,
      balanceOf: network.balanceOf,
      authorizationState: network.authorizationState,
    },
    options.logger,
  );
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host}:${port}`,
    payTo,
    network,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await network.close();
    },
  };
}

function loadOrCreateFacilitatorKeys(file: string): z.infer<typeof KeysSchema> {
  if (fs.existsSync(file)) {
    const parsed = KeysSchema.safeParse(JSON.parse(fs.readFileSync(file, "utf8")));
    if (!parsed.success) throw new Error(`${file} is not a valid facilitator key file; move it away to start a new chain`);
    return parsed.data;
  }
  const keys = { facilitatorPrivateKey: generatePrivateKey(), payToPrivateKey: generatePrivateKey() };
  fs.writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
