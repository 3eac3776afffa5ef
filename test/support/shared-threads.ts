import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnPaymentNetworkThread, type PaymentNetworkThread } from "../../src/payments/embedded/payment-network-thread.js";
import { SearchWorkerPool } from "../../src/services/patterns/search-worker-pool.js";

let chain: PaymentNetworkThread | undefined;
let searchWorkers: SearchWorkerPool | undefined;

/**
 * One embedded payment network per test process, started on first use and shared by the services that
 * startTestService builds (unless a test asks for its own). Booting a chain on its thread costs 1.5-2.5 s of
 * CPU, and most test files start a service or several. Sharing changes nothing a test can see of its own
 * service: each service has its own keys and pay-to address and each test payer its own fresh wallet, so every
 * balance and authorization a test reads is its own. What a shared chain is not is an empty chain: a test that
 * restarts a node on its journal, or needs the payment thread wired to its own routes (lanes), starts its own
 * (`ownChain`, or startServiceOnDataDir). Its journal lives in a temporary folder removed when the process ends.
 */
export function sharedEmbeddedChain(): PaymentNetworkThread {
  if (chain === undefined) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "precedent-shared-chain-"));
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    chain = spawnPaymentNetworkThread({ journalFile: path.join(dir, "chain-journal.ndjson") });
  }
  return chain;
}

/**
 * One search worker pool per test process, for the same reason (a worker costs about a second of CPU to start
 * and load the kernels). A pool keeps no answer between jobs, only histories by version, and versions are per
 * history object, so two services never read each other's bars.
 */
export function sharedSearchWorkers(): SearchWorkerPool {
  searchWorkers ??= new SearchWorkerPool();
  return searchWorkers;
}
