/**
 * The embedded payment network on its own thread: the same EmbeddedPaymentNetwork interface as the in-process
 * one (./embedded-facilitator.ts), each call forwarded to ./payment-network-worker.ts.
 *
 * Why: in embedded mode a paid call costs the facilitator two key recoveries (verify, and verify again at
 * settle), a simulation, a signed transaction and the mining of a block: several ms of CPU that used to run on
 * the HTTP event loop. On its own thread it runs on the other core, and the event loop only routes, claims,
 * signs and answers.
 *
 * If the thread stops, the calls under way fail as facilitator trouble (FacilitatorResponseError: the gate
 * answers 503, a settlement is left to reconciliation), and the next call starts a new thread, whose chain
 * replays the journal and so holds every settlement mined before. (A thread stopped while the chain is
 * executing takes the process with it: EDR's native callback into the torn-down thread is fatal. The process
 * supervisor restarts the service; the journal and the reconciliation of claims make that restart whole.)
 */
import type { Worker } from "node:worker_threads";
import { startWorker } from "../../threads/start-worker.js";
import { FacilitatorResponseError } from "@x402/core/server";
import { generatePrivateKey } from "viem/accounts";
import { secp256k1 } from "../secp256k1.js";
import type { FacilitatorClient } from "@x402/core/server";
import { BASE_NETWORK, BASE_USDC_ADDRESS, EmbeddedChainUnavailableError } from "./local-chain.js";
import { workerAnswers } from "../../threads/one-per-turn.js";
import type { EmbeddedPaymentNetwork, EmbeddedPaymentNetworkOptions } from "./embedded-facilitator.js";
import type { PaymentLane } from "./payment-lanes.js";
import type {
  PaymentNetworkCall,
  PaymentNetworkMethods,
  PaymentNetworkReady,
  PaymentNetworkReply,
  SerializedError,
} from "./payment-network-protocol.js";

type ReadyInfo = Extract<PaymentNetworkReady, { ready: unknown }>["ready"];

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  ready: Promise<ReadyInfo>;
  /** Set once `ready` has resolved: calls are then posted in the same turn, without awaiting it. */
  isReady: boolean;
  pending: Map<number, Pending>;
}

const rebuildError = ({ name, message }: SerializedError): Error => Object.assign(new Error(message), { name });

export interface PaymentNetworkThread extends EmbeddedPaymentNetwork {
  /**
   * Resolves when the thread's chain is up (journal replayed), rejects as the in-process start would
   * (EmbeddedChainUnavailableError). Calls made before then wait for it; `replayedTransactions` is 0 until then.
   */
  readonly ready: Promise<void>;
}

/** Starts the thread and waits until its chain is up; rejects as the in-process start would. */
export async function startPaymentNetworkThread(options: EmbeddedPaymentNetworkOptions = {}): Promise<PaymentNetworkThread> {
  const network = spawnPaymentNetworkThread(options);
  await network.ready;
  return network;
}

/**
 * Starts the thread without waiting for it, so the service can listen while the chain boots in the other
 * isolate (loading hardhat, viem and the facilitator there takes most of a second); calls wait for it.
 */
export function spawnPaymentNetworkThread(
  options: EmbeddedPaymentNetworkOptions = {},
  hooks: {
    /** Sees each thread started, the first and any started again after one died (tests stop one to exercise that). */
    onThreadStarted?: (worker: Worker) => void;
    /** The lane of the verify or settle being called, asked in the caller's context (the request's route). */
    laneOfPayment?: () => PaymentLane | undefined;
  } = {},
): PaymentNetworkThread {
  const { onThreadStarted, laneOfPayment } = hooks;
  // The key is settled here, so the facilitator's address is known before the thread is up.
  const facilitatorPrivateKey = options.facilitatorPrivateKey ?? generatePrivateKey();
  const workerOptions: EmbeddedPaymentNetworkOptions = { ...options, facilitatorPrivateKey };
  let thread: Thread | undefined;
  let nextId = 1;
  let closed = false;
  /** Why the first start failed: every call then answers it as facilitator trouble. */
  let startFailure: unknown;
  let replayedTransactions = 0;

  const spawn = (): Thread => {
    const worker = startWorker(import.meta.url, "payment-network-worker", { ...workerOptions });
    onThreadStarted?.(worker);
    const pending = new Map<number, Pending>();
    // One answer per turn of the event loop, before the other threads' (../../threads/one-per-turn.ts): the thread's
    // answers arrive in bursts under load.
    const deliver = (message: PaymentNetworkReply) => {
      const call = pending.get(message.id);
      if (call === undefined) return;
      pending.delete(message.id);
      if (pending.size === 0) worker.unref();
      if ("error" in message) call.reject(rebuildError(message.error));
      else call.resolve(message.result);
    };
    const ready = new Promise<ReadyInfo>((resolve, reject) => {
      const stopped = (reason: string) => {
        if (thread?.worker === worker) thread = undefined;
        const error = new FacilitatorResponseError(`embedded payment network thread stopped: ${reason}`);
        reject(error);
        for (const call of pending.values()) call.reject(error);
        pending.clear();
      };
      worker.on("message", (message: PaymentNetworkReady | PaymentNetworkReply) => {
        if ("ready" in message) {
          // Idle, the thread does not keep the process alive; a call under way does (see call()).
          if (pending.size === 0) worker.unref();
          return resolve(message.ready);
        }
        if ("failed" in message) {
          reject(new EmbeddedChainUnavailableError(message.failed.message));
          void worker.terminate();
          return;
        }
        workerAnswers.push(() => deliver(message), true);
      });
      worker.on("error", (error) => stopped(error.message));
      worker.on("exit", (code) => stopped(`exit code ${code}`));
    });
    const started: Thread = { worker, ready, isReady: false, pending };
    ready.then(
      () => (started.isReady = true),
      () => undefined, // answered to each call by call()
    );
    return started;
  };

  const call = async <M extends keyof PaymentNetworkMethods>(method: M, ...args: PaymentNetworkMethods[M]): Promise<unknown> => {
    if (startFailure !== undefined) throw new FacilitatorResponseError(`embedded payment network did not start: ${String(startFailure)}`);
    if (closed) throw new Error(`embedded payment network is closed (${method})`);
    thread ??= spawn();
    const current = thread;
    // Once the thread is up the message leaves in this very turn, so work the caller starts right after
    // (the claim beside a verify) runs while the thread works, not before the message is even sent.
    if (!current.isReady) {
      await current.ready.catch((error: unknown) => {
        // A thread started again after a crash that cannot bring its chain up: facilitator trouble (503), not a bad payment.
        if (thread === current) thread = undefined;
        throw error instanceof FacilitatorResponseError ? error : new FacilitatorResponseError(`embedded payment network did not start: ${String(error)}`);
      });
    }
    return new Promise((resolve, reject) => {
      const id = nextId++;
      current.pending.set(id, { resolve, reject });
      current.worker.ref();
      const lane = method === "verify" || method === "settle" ? laneOfPayment?.() : undefined;
      current.worker.postMessage({ id, method, args, ...(lane === undefined ? {} : { lane }) } as PaymentNetworkCall);
    });
  };

  thread = spawn();
  const ready = thread.ready.then(
    (info) => {
      replayedTransactions = info.replayedTransactions;
    },
    (error: unknown) => {
      startFailure = error;
      thread = undefined;
      throw error;
    },
  );
  // Whoever awaits `ready` sees a failure; nobody awaiting it must not make it an unhandled rejection.
  ready.catch(() => undefined);

  const facilitator: FacilitatorClient = {
    verify: (payload, requirements) => call("verify", payload, requirements) as ReturnType<FacilitatorClient["verify"]>,
    settle: (payload, requirements) => call("settle", payload, requirements) as ReturnType<FacilitatorClient["settle"]>,
    getSupported: () => call("getSupported") as ReturnType<FacilitatorClient["getSupported"]>,
  };

  return {
    ready,
    facilitator,
    network: BASE_NETWORK,
    usdcAddress: BASE_USDC_ADDRESS,
    get replayedTransactions() {
      return replayedTransactions;
    },
    facilitatorAddress: secp256k1.addressOf(facilitatorPrivateKey),
    mintUsdc: (to, amount) => call("mintUsdc", to, amount) as ReturnType<EmbeddedPaymentNetwork["mintUsdc"]>,
    balanceOf: (address) => call("balanceOf", address) as ReturnType<EmbeddedPaymentNetwork["balanceOf"]>,
    authorizationState: (payer, nonce) => call("authorizationState", payer, nonce) as ReturnType<EmbeddedPaymentNetwork["authorizationState"]>,
    chainRequest: (method, params) => call("chainRequest", method, params),
    close: async () => {
      if (closed) return;
      const current = thread;
      if (current !== undefined) {
        // The worker closes its chain and journal first, so the last append is flushed before the thread ends.
        await call("close").catch(() => undefined);
      }
      closed = true;
      thread = undefined;
      if (current !== undefined) await current.worker.terminate();
    },
  };
}
