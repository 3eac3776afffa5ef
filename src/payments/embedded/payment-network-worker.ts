/**
 * Worker-thread entry of the embedded payment network (./payment-network-thread.ts starts it): the in-process
 * chain and the stock x402 facilitator run here, so verifying a payer's signature, simulating, signing and
 * mining each settlement use another core instead of the HTTP event loop.
 *
 * Protocol: workerData is the EmbeddedPaymentNetworkOptions; the first message out is `{ ready }` (or
 * `{ failed }`); then each `{ id, method, args }` in is answered by `{ id, result }` or `{ id, error }`.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createEmbeddedPaymentNetwork, type EmbeddedPaymentNetwork, type EmbeddedPaymentNetworkOptions } from "./embedded-facilitator.js";
import { paymentLanes } from "./payment-lanes.js";
import { rehearseSettlement } from "./settlement-rehearsal.js";
import type { PaymentNetworkCall, PaymentNetworkReply, PaymentNetworkReady, SerializedError } from "./payment-network-protocol.js";

if (parentPort === null) throw new Error("payment-network-worker must run as a worker thread");
const port = parentPort;
/** Longest a heavy route's payment step waits for cheap ones to finish (./payment-lanes.ts). */
const HEAVY_STEP_MAX_HOLD_MS = 5;

const serializeError = (error: unknown): SerializedError =>
  error instanceof Error ? { name: error.name, message: error.message } : { name: "Error", message: String(error) };

async function serve(network: EmbeddedPaymentNetwork, call: PaymentNetworkCall): Promise<unknown> {
  switch (call.method) {
    case "verify":
      return network.facilitator.verify(...call.args);
    case "settle":
      return network.facilitator.settle(...call.args);
    case "getSupported":
      return network.facilitator.getSupported();
    case "mintUsdc":
      return network.mintUsdc(...call.args);
    case "balanceOf":
      return network.balanceOf(...call.args);
    case "authorizationState":
      return network.authorizationState(...call.args);
    case "chainRequest":
      return network.chainRequest(...call.args);
    case "close":
      await network.close();
      return undefined;
  }
}

try {
  const network = await createEmbeddedPaymentNetwork(workerData as EmbeddedPaymentNetworkOptions);
  // Before "ready", so before any call: the rehearsal runs on a fork of the chain that it then reverts, which
  // would also undo a real settlement made meanwhile. A chain that cannot settle it stops the start.
  await rehearseSettlement(network);
  const lanes = paymentLanes(HEAVY_STEP_MAX_HOLD_MS);
  port.on("message", (call: PaymentNetworkCall) => {
    lanes.run(call.lane, () =>
      serve(network, call).then(
        (result) => port.postMessage({ id: call.id, result } satisfies PaymentNetworkReply),
        (error: unknown) => port.postMessage({ id: call.id, error: serializeError(error) } satisfies PaymentNetworkReply),
      ),
    );
  });
  const ready: PaymentNetworkReady = {
    ready: { facilitatorAddress: network.facilitatorAddress, replayedTransactions: network.replayedTransactions },
  };
  port.postMessage(ready);
} catch (error) {
  port.postMessage({ failed: serializeError(error) } satisfies PaymentNetworkReady);
}
