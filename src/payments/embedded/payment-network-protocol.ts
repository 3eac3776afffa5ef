/** Messages between the main thread and the embedded payment network's worker (structured clone: bigints pass). */
import type { EmbeddedPaymentNetwork } from "./embedded-facilitator.js";
import type { PaymentLane } from "./payment-lanes.js";

type Facilitator = EmbeddedPaymentNetwork["facilitator"];

/** Every operation the thread serves, with its arguments as the in-process network takes them. */
export interface PaymentNetworkMethods {
  verify: Parameters<Facilitator["verify"]>;
  settle: Parameters<Facilitator["settle"]>;
  getSupported: [];
  mintUsdc: Parameters<EmbeddedPaymentNetwork["mintUsdc"]>;
  balanceOf: Parameters<EmbeddedPaymentNetwork["balanceOf"]>;
  authorizationState: Parameters<EmbeddedPaymentNetwork["authorizationState"]>;
  chainRequest: Parameters<EmbeddedPaymentNetwork["chainRequest"]>;
  close: [];
}

export type PaymentNetworkCall = {
  /** `lane`: a verify or settle of a cheap or a heavy route's payment (./payment-lanes.ts); none for the rest. */
  [M in keyof PaymentNetworkMethods]: { id: number; method: M; args: PaymentNetworkMethods[M]; lane?: PaymentLane };
}[keyof PaymentNetworkMethods];

/** An exception as it crosses the thread boundary: its class name and message (stacks stay in the worker). */
export interface SerializedError {
  name: string;
  message: string;
}

export type PaymentNetworkReply = { id: number; result: unknown } | { id: number; error: SerializedError };

/** The worker's first message: the network is up, or it could not start. */
export type PaymentNetworkReady =
  | { ready: { facilitatorAddress: EmbeddedPaymentNetwork["facilitatorAddress"]; replayedTransactions: number } }
  | { failed: SerializedError };
