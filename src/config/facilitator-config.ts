import path from "node:path";
import { z } from "zod";
import { ConfigError } from "./config.js";

/** The environment of `npm run facilitator` (the standalone test-money facilitator several nodes share). */
const FacilitatorEnvSchema = z.object({
  FACILITATOR_PORT: z.coerce.number().int().min(0).max(65_535).default(8403),
  // Loopback by default: it mints money on request (test money, but still nobody else's business).
  FACILITATOR_HOST: z.string().min(1).default("127.0.0.1"),
  FACILITATOR_DATA_DIR: z.string().min(1).default("./data/facilitator"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export interface FacilitatorConfig {
  port: number;
  host: string;
  dataDir: string;
  logLevel: z.infer<typeof FacilitatorEnvSchema>["LOG_LEVEL"];
}

export function loadFacilitatorConfig(env: Record<string, string | undefined> = process.env): Readonly<FacilitatorConfig> {
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = FacilitatorEnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(`Invalid configuration:\n${parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n")}`);
  }
  const e = parsed.data;
  return Object.freeze({ port: e.FACILITATOR_PORT, host: e.FACILITATOR_HOST, dataDir: path.resolve(e.FACILITATOR_DATA_DIR), logLevel: e.LOG_LEVEL });
}
