/** The main-thread side of ./load-driver.mjs: one request at a time to the driver thread. */
import { Worker } from "node:worker_threads";
import type { TestPayer } from "../test/support/test-payer.js";

export interface BurstResult {
  latencies: number[];
  ok: number;
  wallMs: number;
}

export interface CheapUnderLoadResult {
  cheapLatencies: number[];
  cheapOk: number;
  heavyCalls: number;
  heavyFailures: number;
  /** Lanes that used up their signed payments before the cheap calls ended (the load then thinned out). */
  lanesExhausted: number;
}

export interface SignedCalls {
  path: string;
  headers: string[];
}

/** `count` payments for `path`, each signed by `payer` now (before any clock starts). */
export async function signedCalls(payer: TestPayer, path: string, count: number): Promise<SignedCalls> {
  const headers: string[] = [];
  for (let i = 0; i < count; i++) headers.push(await payer.paymentFor(path));
  return { path, headers };
}

export class LoadDriver {
  private readonly worker = new Worker(new URL("./load-driver.mjs", import.meta.url));

  /** The driver thread's kernel id (Linux), for its CPU time (./thread-cpu.ts). */
  threadId(): Promise<number | undefined> {
    return this.ask({ kind: "tid" });
  }

  burst(base: string, calls: SignedCalls, concurrency: number): Promise<BurstResult> {
    return this.ask({ kind: "burst", base, ...calls, concurrency });
  }

  cheapUnderLoad(base: string, cheap: SignedCalls, lanes: SignedCalls[]): Promise<CheapUnderLoadResult> {
    return this.ask({ kind: "cheap-under-load", base, cheap, lanes });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }

  private ask<T>(message: object): Promise<T> {
    return new Promise((resolve, reject) => {
      this.worker.once("message", (answer: { result?: T; error?: string }) =>
        answer.error === undefined ? resolve(answer.result!) : reject(new Error(answer.error)),
      );
      this.worker.postMessage(message);
    });
  }
}
