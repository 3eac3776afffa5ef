import { z } from "zod";

export interface CliConfig {
  /** Where `npm run call` sends requests (PRECEDENT_URL; default the local service). */
  baseUrl: string;
  /** The paying wallet (WALLET_PRIVATE_KEY); unset = one key kept in DATA_DIR/cli-wallet.json and reused. */
  walletPrivateKey: `0x${string}` | undefined;
  /** DATA_DIR, as for the service (default ./data): where the CLI keeps its wallet. */
  dataDir: string;
}

/** Shared with the MCP server, which reads the same service URL and wallet. */
export const CliEnvSchema = z.object({
  PRECEDENT_URL: z.string().url("must be an absolute URL").default("http://localhost:8402"),
  WALLET_PRIVATE_KEY: z
    .string()
    .regex(/^0x[0-9a-fA-F]{64}$/, "must be a 0x-prefixed 32-byte hex private key")
    .optional(),
  DATA_DIR: z.string().default("./data"),
});

/** The CLI's environment, parsed here because only src/config reads process.env. */
export function loadCliConfig(env: Record<string, string | undefined> = process.env): CliConfig {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = CliEnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new Error(`Invalid CLI environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  return {
    baseUrl: parsed.data.PRECEDENT_URL,
    walletPrivateKey: parsed.data.WALLET_PRIVATE_KEY as `0x${string}` | undefined,
    dataDir: parsed.data.DATA_DIR,
  };
}
