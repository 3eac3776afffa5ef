import { verifySignatureContract } from "../../../contracts/signing/verify-signature.js";
import type { SignatureCheck } from "../../../payments/response-signer.js";
import { operationRoute, type RouteModule } from "../../route-module.js";

export function verifySignatureRoute(verifier: { verify(body: string, sig: string): Promise<SignatureCheck> }): RouteModule {
  return operationRoute(verifySignatureContract, async (params: { body: string; sig: string }) => verifier.verify(params.body, params.sig));
}
