import type { Worker } from "node:worker_threads";
import { workerAnswers } from "../../threads/one-per-turn.js";
import { startWorker } from "../../threads/start-worker.js";
import { encodeHere, type AnswerEncoder, type EncodedAnswer } from "./answer-encoder.js";
import type { EncodeReply, EncodeRequest } from "./answer-encoder-protocol.js";
import { plainDataLeaves } from "./plain-data.js";

/**
 * From how many leaves (numbers, strings, ...) an answer is serialised on the encoder thread. Below it the
 * hop costs more than it saves: 4,096 numbers are about 40-60 KB of JSON, ~0.3-0.6 ms of `JSON.stringify`
 * on this project's machines, against ~0.1-0.2 ms for the two messages. /get_patterns_ohlc with 20 analogs
 * of a year of bars answers ~25,000 leaves (270-450 KB as its prices have more or fewer digits; up to ~4.5 ms
 * to serialise, ~0.3 ms to clone for the thread).
 */
export const ENCODE_ELSEWHERE_MIN_LEAVES = 4_096;

interface Thread {
  worker: Worker;
  /** Answered its warm-up: only then is an answer sent there (a cold thread would make that answer wait). */
  ready: boolean;
  /** Resolves when the warm-up was answered (or the thread died first). */
  warmed: Promise<void>;
  pending: Map<number, (reply: EncodeReply | undefined) => void>;
}

/**
 * Serialises large answers on a thread of their own, so the event loop only routes, pays and signs:
 * `JSON.stringify` of a few hundred KB of numbers takes milliseconds, during which no other request is served.
 * The answer is cloned to the thread (V8's serialiser, ~15x faster than the JSON text for arrays of numbers),
 * and its UTF-8 bytes come back moved, with their SHA-256 for the response signature.
 *
 * The JSON is the same text `JSON.stringify` makes here: only plain data goes (./plain-data.ts). Until the
 * thread has warmed up, after it died (it is started again), after close(), or for a small or non-plain
 * answer, the answer is serialised here, as `c.json` would.
 */
export class AnswerEncoderThread implements AnswerEncoder {
  private thread: Thread | undefined;
  private nextId = 1;
  private closed = false;
  /** Set when a thread stopped before its warm-up was answered: it cannot start here, so none is started again. */
  private cannotStart = false;

  constructor(private readonly minLeaves = ENCODE_ELSEWHERE_MIN_LEAVES) {}

  async encode(value: unknown): Promise<EncodedAnswer> {
    if (this.closed || this.cannotStart) return encodeHere.encode(value);
    const thread = this.thread ?? this.spawn();
    if (!thread.ready || plainDataLeaves(value) < this.minLeaves) return encodeHere.encode(value);
    const reply = await this.request(thread, { id: this.nextId++, value });
    // The thread died under it, or could not serialise it: here, which answers or throws as c.json would.
    if (reply === undefined || "error" in reply) return encodeHere.encode(value);
    return { body: reply.bytes, sha256: reply.sha256 };
  }

  /**
   * Starts the thread and waits for its warm-up, so the first large answer after start is not serialised here.
   * True when the thread is ready; false when it could not start (answers are then serialised here).
   */
  async warm(): Promise<boolean> {
    if (this.closed || this.cannotStart) return false;
    const thread = this.thread ?? this.spawn();
    await thread.warmed;
    return thread.ready;
  }

  async close(): Promise<void> {
    this.closed = true;
    const thread = this.thread;
    this.thread = undefined;
    if (thread !== undefined) await thread.worker.terminate();
  }

  private request(thread: Thread, message: EncodeRequest): Promise<EncodeReply | undefined> {
    return new Promise((resolve) => {
      thread.pending.set(message.id, resolve);
      thread.worker.ref();
      try {
        thread.worker.postMessage(message);
      } catch {
        // Not clonable after all, or the thread is gone: the caller serialises it here.
        thread.pending.delete(message.id);
        if (thread.pending.size === 0) thread.worker.unref();
        resolve(undefined);
      }
    });
  }

  private spawn(): Thread {
    const worker = startWorker(import.meta.url, "answer-encoder-worker");
    const thread: Thread = { worker, ready: false, warmed: Promise.resolve(), pending: new Map() };
    this.thread = thread;
    worker.unref();
    worker.on("message", (reply: EncodeReply) => {
      const resolve = thread.pending.get(reply.id);
      if (resolve === undefined) return;
      thread.pending.delete(reply.id);
      if (thread.pending.size === 0) worker.unref();
      thread.ready = true;
      // Its answer is sent in its turn, after any payment's (../../threads/one-per-turn.ts).
      workerAnswers.push(() => resolve(reply));
    });
    const stopped = () => {
      if (this.thread === thread) this.thread = undefined;
      if (!thread.ready && !this.closed) this.cannotStart = true;
      for (const resolve of thread.pending.values()) resolve(undefined);
      thread.pending.clear();
    };
    worker.on("error", stopped);
    worker.on("exit", stopped);
    // Started by warm() or by the first answer after a death: answers are serialised here until this is answered.
    thread.warmed = this.request(thread, { id: this.nextId++, warmUp: true }).then(() => undefined);
    return thread;
  }
}
