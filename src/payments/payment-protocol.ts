/** The two ways a paid call can be paid; the settlement ledger records which one was used. */
export type PaymentProtocol = "x402" | "mpp";

/** Carried by the HTTP adapter of a converted MPP credential: the x402 hooks see only the transport context, not our request. */
export interface ProtocolTaggedAdapter {
  readonly paymentProtocol: PaymentProtocol;
}

/** The protocol behind an x402 verify or settle call, read from the hook's transport context (untagged means plain x402). */
export function protocolOfTransport(transportContext: unknown): PaymentProtocol {
  const adapter = (transportContext as { request?: { adapter?: Partial<ProtocolTaggedAdapter> } } | undefined)?.request?.adapter;
  return adapter?.paymentProtocol === "mpp" ? "mpp" : "x402";
}
