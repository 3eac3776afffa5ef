/**
 * Worker-thread entry of ./answer-encoder-thread.ts: turns a plain answer into its JSON bytes and their
 * SHA-256, so a large answer's serialisation (milliseconds for a few hundred KB of numbers) does not hold
 * the HTTP event loop. A `warmUp` message serialises a sample, so the first real answer finds the code compiled.
 */
import { createHash } from "node:crypto";
import { parentPort } from "node:worker_threads";
import { idleThisThread, lowerThisThreadsPriority } from "../../threads/thread-priority.js";
import type { EncodeReply, EncodeRequest } from "./answer-encoder-protocol.js";

if (parentPort === null) throw new Error("answer-encoder-worker must run as a worker thread");
const port = parentPort;
// Only large answers come here, mostly the heavy routes' (searches, playbooks): like the searches, they yield
// to the event loop and the payment thread, which every call waits for.
lowerThisThreadsPriority();

/** What a warm-up serialises: enough numbers and strings for V8 to compile the paths a real answer takes. */
const WARM_UP_VALUE = { numbers: Array.from({ length: 2_000 }, (_, i) => i / 7), dates: Array.from({ length: 500 }, (_, i) => `day ${i}`) };

port.on("message", (request: EncodeRequest) => {
  const { id } = request;
  try {
    const text = JSON.stringify("warmUp" in request ? WARM_UP_VALUE : request.value);
    // Its own ArrayBuffer of exactly the text's size (allocUnsafeSlow never uses the shared pool): moved, not copied.
    const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text, "utf8"));
    bytes.write(text, "utf8");
    const sha256 = createHash("sha256").update(bytes).digest();
    const reply: EncodeReply = { id, bytes, sha256 };
    port.postMessage(reply, [bytes.buffer]);
    // Warm: from now on it encodes only on CPU that the threads answering calls leave (thread-priority.ts).
    if ("warmUp" in request) idleThisThread();
  } catch (error) {
    const reply: EncodeReply = { id, error: error instanceof Error ? error.message : String(error) };
    port.postMessage(reply);
  }
});
