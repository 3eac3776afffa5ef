import { encodePaymentSignatureHeader } from "@x402/core/http";
import type { PaymentPayload, PaymentRequired, PaymentRequirements } from "@x402/core/types";
import { Challenge, Credential, Errors, Expires, Receipt } from "mppx";
import { charge as evmChargeMethod } from "mppx/evm";
// The narrow entry points: "mppx/server" also loads the Stripe and Tempo methods (about 0.3 s more at start).
import { evm } from "mppx/evm/server";
import { Mppx } from "mppx/server/core";
import { formatUnits } from "viem";
import { BASE_NETWORK, USDC_ADDRESS, USDC_DECIMALS, USDC_EIP712 } from "./usdc-on-base.js";

export interface MppChargeOptions {
  /** HMAC key for stateless challenge ids (at least 32 bytes); a credential is accepted only if we issued its challenge. */
  secretKey: string;
  /** Echoed in every challenge and checked on every credential: the host of PUBLIC_BASE_URL. */
  realm: string;
  payTo: string;
}

export type MppConversion =
  | { kind: "payment"; paymentSignature: string }
  | { kind: "malformed"; reason: string }
  | { kind: "rejected"; reason: string };

export interface MppCharge {
  /** A `WWW-Authenticate: Payment` value offering `evm`/`charge` on the same terms as the x402 402, or undefined if those terms cannot be expressed. */
  challengeFor(paymentRequired: PaymentRequired): Promise<string | undefined>;
  /**
   * Checks an `Authorization: Payment` credential against the route's terms without touching the chain
   * (challenge HMAC, expiry, realm, route scope, amount, recipient, EIP-712 signature) and turns it into
   * the equivalent x402 PAYMENT-SIGNATURE, so verification and settlement run on the x402 path.
   */
  toX402Payment(authorization: string, paymentRequired: PaymentRequired): Promise<MppConversion>;
  /** The `Payment-Receipt` value for a settled transaction. */
  receiptFor(transaction: string, settledAt: Date): string;
}

/**
 * The MPP `evm`/`charge` method, built from mppx's own server primitives but never allowed to settle:
 * mppx's handlers broadcast inside credential verification, i.e. before the route handler runs, which
 * would charge for calls that then fail. Here mppx only issues and checks challenges; the facilitator
 * verify -> handler -> settle sequence is the x402 one. Only `evm` is offered (no `tempo`): we accept
 * USDC on Base and nothing else.
 */
export function createMppCharge(options: MppChargeOptions): MppCharge {
  const chainId = Number(BASE_NETWORK.split(":")[1]);
  const mppx = Mppx.create({
    methods: [
      evm.charge({
        authorization: { ...USDC_EIP712 },
        chainId,
        currency: USDC_ADDRESS,
        decimals: USDC_DECIMALS,
        recipient: options.payTo as `0x${string}`,
        settle: async () => {
          // Fails closed if anything ever routes a credential through mppx's settle-before-handler path.
          throw new Errors.VerificationFailedError({ reason: "MPP settlement runs after the handler, through the x402 resource server" });
        },
      }),
    ],
    secretKey: options.secretKey,
    realm: options.realm,
  });

  /** The mppx route request for an x402 requirement: same amount, asset and recipient, scoped to the resource URL. */
  const routeTerms = (requirement: PaymentRequirements) => ({
    amount: formatUnits(BigInt(requirement.amount), USDC_DECIMALS),
    currency: requirement.asset as `0x${string}`,
    recipient: requirement.payTo as `0x${string}`,
  });

  return {
    async challengeFor(paymentRequired) {
      const requirement = offerableRequirement(paymentRequired);
      if (requirement === undefined) return undefined;
      const challenge = await mppx.challenge.evm.charge({
        ...routeTerms(requirement),
        ...(paymentRequired.resource.description ? { description: paymentRequired.resource.description } : {}),
        expires: Expires.seconds(requirement.maxTimeoutSeconds),
        scope: paymentRequired.resource.url,
      });
      return Challenge.serialize(challenge);
    },

    async toX402Payment(authorization, paymentRequired) {
      const requirement = offerableRequirement(paymentRequired);
      if (requirement === undefined) return { kind: "rejected", reason: "this route cannot be paid with MPP" };
      const scheme = Credential.extractPaymentScheme(authorization);
      if (scheme === null) return { kind: "malformed", reason: "no credential follows the Payment scheme" };
      let credential: Credential.Credential;
      try {
        credential = Credential.deserialize(scheme);
      } catch (error) {
        return { kind: "malformed", reason: error instanceof Error ? error.message : "undecodable credential" };
      }
      if (credential.challenge.method !== "evm" || credential.challenge.intent !== "charge") {
        return { kind: "rejected", reason: `only method="evm" intent="charge" is accepted, got ${credential.challenge.method}/${credential.challenge.intent}` };
      }
      let payload: ReturnType<typeof evmChargeMethod.schema.credential.payload.parse>;
      try {
        const validation = await mppx.validateCredential(credential, { scope: paymentRequired.resource.url, request: routeTerms(requirement) });
        payload = evmChargeMethod.schema.credential.payload.parse(validation.credential.payload);
      } catch (error) {
        // Every failure here is about the client's credential (forged, expired, other route, bad signature): a 402, never a 5xx.
        return { kind: "rejected", reason: error instanceof Error ? error.message : "credential rejected" };
      }
      const x402Payload: PaymentPayload = {
        x402Version: 2,
        accepted: requirement,
        resource: paymentRequired.resource,
        payload: {
          authorization: {
            from: payload.from,
            to: payload.to,
            value: payload.value,
            validAfter: payload.validAfter,
            validBefore: payload.validBefore,
            nonce: payload.nonce,
          },
          signature: payload.signature,
        },
      };
      return { kind: "payment", paymentSignature: encodePaymentSignatureHeader(x402Payload) };
    },

    receiptFor(transaction, settledAt) {
      return Receipt.serialize(Receipt.from({ method: "evm", reference: transaction, status: "success", timestamp: settledAt.toISOString() }));
    },
  };
}

/** The x402 requirement MPP `evm`/`charge` can carry without loss: exact EIP-3009 USDC on Base with its EIP-712 domain. */
function offerableRequirement(paymentRequired: PaymentRequired): PaymentRequirements | undefined {
  return paymentRequired.accepts.find(
    (r) =>
      r.scheme === "exact" &&
      r.network === BASE_NETWORK &&
      r.asset.toLowerCase() === USDC_ADDRESS.toLowerCase() &&
      /^\d+$/.test(r.amount) &&
      (r.extra?.assetTransferMethod === undefined || r.extra.assetTransferMethod === "eip3009") &&
      r.extra?.name === USDC_EIP712.name &&
      r.extra?.version === USDC_EIP712.version,
  );
}
