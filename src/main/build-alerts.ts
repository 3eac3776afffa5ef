import type { Config } from "../config/config.js";
import type { Clock } from "../domain/clock.js";
import type { RouteModule } from "../http/route-module.js";
import { patternAlertRoutes } from "../http/routes/alerts/pattern-alert.js";
import { watchRoutes } from "../http/routes/alerts/watch.js";
import { alertDeliveryJob, alertEvaluationJob } from "../jobs/alert-jobs.js";
import type { JobRunner } from "../jobs/job-runner.js";
import type { ResponseSigner } from "../payments/response-signer.js";
import { createSafeOutboundClient, type Resolve } from "../providers/http/safe-outbound-client.js";
import { AlertDelivery } from "../services/alerts/alert-delivery.js";
import { AlertEvaluator } from "../services/alerts/alert-evaluator.js";
import { AlertService } from "../services/alerts/alert-service.js";
import type { Database } from "../storage/create-database.js";
import { AlertStore } from "../storage/repos/alert-store.js";
import { SecretBox } from "../storage/secret-box.js";
import type { MarketData } from "./build-market-data.js";
import type { Patterns } from "./build-patterns.js";

export interface AlertsDeps {
  config: Readonly<Config>;
  database: Database;
  marketData: MarketData;
  patterns: Patterns;
  signer: ResponseSigner;
  jobs: JobRunner;
  clock: Clock;
  /** Seals webhook secrets at rest (persistent-keys.ts). */
  alertSecretKey: Buffer;
  /** Test seam: DNS for the outbound client (no real DNS in tests). */
  resolve?: Resolve;
}

/**
 * Price and pattern alerts: six routes, the evaluation and delivery jobs, and the SSRF-safe client they share.
 * Secrets of alerts stored before they were encrypted are sealed first.
 */
export async function buildAlerts(deps: AlertsDeps): Promise<{ routes: RouteModule[]; close(): Promise<void> }> {
  const store = new AlertStore(deps.database.db, new SecretBox(deps.alertSecretKey));
  await store.sealPlaintextSecrets();
  const outbound = createSafeOutboundClient({ allowHosts: deps.config.outboundAllowHosts, resolve: deps.resolve });
  const service = new AlertService(store, deps.marketData.service, deps.patterns.seriesCache, outbound, deps.clock);
  deps.jobs.register(alertEvaluationJob(new AlertEvaluator(store, deps.marketData.service, deps.patterns.seriesCache)));
  deps.jobs.register(alertDeliveryJob(new AlertDelivery(store, outbound, (body) => deps.signer.sign(body))));
  return {
    routes: [...watchRoutes(service, deps.config.publicBaseUrl), ...patternAlertRoutes(service, deps.config.publicBaseUrl)],
    close: () => outbound.close(),
  };
}
