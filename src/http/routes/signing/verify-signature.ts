import { verifySignatureContract } from "../../../contracts/signing/verify-signature.js";
import { findCatalogRoute } from "../../../contracts/route-catalog.js";
import type { SignatureCheck } from "../../../payments/response-signer.js";
import type { RouteModule } from "../../route-module.js";

export function verifySignatureRoute(verifier: { verify(body: string, sig: string): Promise<SignatureCheck> }): RouteModule {
  return {
    route: findCatalogRoute("verify_signature"),
    contract: verifySignatureContract,
    handle: async (params: { body: string; sig: string }) => verifier.verify(params.body, params.sig),
  };
}
