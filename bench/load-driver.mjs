// The HTTP load generator of the paid-call benchmarks (http-load.ts, event-loop.ts), on its own thread: the
// service's event loop then carries only the service's own work, as it would with clients on other machines.
// Payments arrive already signed (one PAYMENT-SIGNATURE value per request, "" for an unpaid call); this thread only sends the calls
// over node:http with kept-alive connections and times them. (Node's fetch cost this thread about twice the CPU per call,
// 0.5-0.6 ms, taken from the same two cores as the service.) Plain JavaScript, so the thread needs no TypeScript loader.
//
// Messages in (one at a time), answers out:
//   { kind: "tid" } -> the thread's kernel id (Linux) or undefined
//   { kind: "burst", base, path, headers, concurrency }
//       -> { latencies, ok, wallMs }: every header sent once, `concurrency` callers at a time
//   { kind: "cheap-under-load", base, cheap: { path, headers }, lanes: [{ path, headers }] }
//       -> { cheapLatencies, cheapOk, heavyCalls, heavyFailures, lanesExhausted }: each lane calls its route
//          back to back while the cheap calls run one after another; the lanes stop when the cheap calls end
import fs from "node:fs";
import http from "node:http";
import { parentPort } from "node:worker_threads";

/**
 * Connections are kept and reused within a burst, as a client that calls again would (Node's fetch does the same).
 * Each burst has its own agent, closed at its end: between bursts the benchmark signs payments for seconds, the
 * server closes idle connections after 5 s, and a request sent on one it is closing fails with "socket hang up".
 */
let agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
function freshAgent() {
  agent.destroy();
  agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
}

/** This thread's kernel id (Linux), so the benchmark can read its CPU time apart from the service's. */
function threadId() {
  try {
    return Number(fs.readlinkSync("/proc/thread-self").split("/").pop());
  } catch {
    return undefined;
  }
}

/** One POST with no body; resolves once the whole answer has arrived. An empty header is an unpaid call (the 402 quote). */
function call(base, path, header) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${path}`, { method: "POST", agent, headers: header === "" ? { "content-length": "0" } : { "content-length": "0", "PAYMENT-SIGNATURE": header } }, (response) => {
      response.on("data", () => undefined);
      response.on("end", () => resolve({ ms: performance.now() - started, status: response.statusCode }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

async function burst({ base, path, headers, concurrency }) {
  freshAgent();
  const latencies = [];
  let ok = 0;
  let next = 0;
  const caller = async () => {
    while (next < headers.length) {
      const result = await call(base, path, headers[next++]);
      latencies.push(result.ms);
      if (result.status === 200) ok += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, caller));
  return { latencies, ok, wallMs: performance.now() - started };
}

async function cheapUnderLoad({ base, cheap, lanes }) {
  freshAgent();
  let running = true;
  let heavyCalls = 0;
  let heavyFailures = 0;
  let lanesExhausted = 0;
  const lane = async ({ path, headers }) => {
    for (const header of headers) {
      if (!running) return;
      const result = await call(base, path, header);
      if (result.status === 200) heavyCalls += 1;
      else heavyFailures += 1;
    }
    if (running) lanesExhausted += 1;
  };
  const load = lanes.map(lane);
  const cheapLatencies = [];
  let cheapOk = 0;
  for (const header of cheap.headers) {
    const result = await call(base, cheap.path, header);
    cheapLatencies.push(result.ms);
    if (result.status === 200) cheapOk += 1;
  }
  running = false;
  await Promise.all(load);
  return { cheapLatencies, cheapOk, heavyCalls, heavyFailures, lanesExhausted };
}

parentPort.on("message", async (message) => {
  try {
    const result = message.kind === "tid" ? threadId() : message.kind === "burst" ? await burst(message) : await cheapUnderLoad(message);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: String(error?.stack ?? error) });
  }
});
