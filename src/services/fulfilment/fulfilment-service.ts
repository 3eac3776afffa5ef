import type { RouteParams } from "../../contracts/fulfilment/route.js";
import { AppError, validationError } from "../../domain/app-error.js";
import { DAY_MS } from "../../domain/bar.js";
import type { Clock } from "../../domain/clock.js";
import type { FulfilmentFinish } from "../../domain/fulfilment.js";
import type { Purchase, RouteWallet } from "../../payments/route-wallet.js";
import { callerPriceAtomic, ROUTE_CAP_ATOMIC, ROUTE_FEE_PERCENT, sellerTermsOf } from "../../payments/seller-terms.js";
import type { SafeOutboundClient } from "../../providers/http/safe-outbound-client.js";
import type { Fulfilments } from "../../storage/repos/fulfilments.js";
import { relayedBody, type RelayedBody } from "./relayed-body.js";
import { outboundError, sellerRequest } from "./seller-request.js";

const ATOMIC_PER_USD = 1_000_000;
/**
 * What the route wallet may lose in 24 hours to sellers that were paid and did not deliver (a seller can settle
 * our payment and still answer an error, and then the caller is not charged): past it, /api/route refuses
 * with 503 until the oldest such loss is a day old. A seller whose own receipt shows it settled such a
 * payment is never bought from again.
 */
export const ROUTE_DAILY_LOSS_CAP_ATOMIC = 20_000_000n;
const usd = (atomic: bigint) => Number(atomic) / ATOMIC_PER_USD;
const dollars = (atomic: bigint) => `$${usd(atomic).toFixed(6).replace(/0{1,4}$/, "")}`;

export interface FulfilmentDeps {
  /** Quotes: the seller's unpaid answer, through the SSRF-safe client. */
  outbound: Pick<SafeOutboundClient, "request">;
  wallet: RouteWallet;
  log: Fulfilments;
  clock: Clock;
  /** Host of PUBLIC_BASE_URL: never a seller. */
  ownHost: string;
}

export interface FulfilmentContext {
  requestId: string;
  payer?: string;
  /** The caller's verified quote for this request (USD), set by the dynamic-price gate. */
  quoteUsd?: number;
}

export interface Fulfilment {
  sellerUrl: string;
  sellerMethod: "GET" | "POST";
  status: number;
  body: RelayedBody;
  sellerAtomic: bigint;
  chargedAtomic: bigint;
  network: string;
  asset: string;
  sellerPayTo: string;
  routeWallet: string;
  sellerTransaction: string | null;
  sellerReceipt: Record<string, unknown> | null;
  fulfilledAtMs: number;
}

/**
 * Route-and-fulfil: quote a seller's x402 resource (its price + 5%, capped) before the caller pays, and once
 * the caller's payment has verified buy it with the route wallet and hand back what the seller answered.
 * Every purchase is recorded before the seller is paid and finished with its outcome. Anything but a 200
 * from the seller after payment is an error, so the gate never settles the caller for it.
 */
export class FulfilmentService {
  constructor(private readonly deps: FulfilmentDeps) {}

  async quote(params: RouteParams): Promise<number> {
    const target = sellerRequest(params, this.deps.ownHost);
    await this.refuseAfterLosses(target.url);
    let answer;
    try {
      answer = await this.deps.outbound.request(target.url, { method: target.method, headers: target.headers, ...(target.body === undefined ? {} : { body: target.body }) });
    } catch (error) {
      throw outboundError(error, "for a quote");
    }
    if (answer.status !== 402) {
      throw validationError("url", `the seller answered ${answer.status} without payment; /api/route buys x402 resources, which answer an unpaid call with 402 and their terms`);
    }
    const terms = sellerTermsOf(answer.headers, answer.body);
    if (terms.kind === "refused") throw validationError("url", terms.reason);
    const seller = BigInt(terms.requirement.amount);
    const charged = callerPriceAtomic(seller);
    if (charged > ROUTE_CAP_ATOMIC) {
      throw validationError("url", `the seller asks ${dollars(seller)}; with our ${ROUTE_FEE_PERCENT}% fee that is ${dollars(charged)}, above the ${dollars(ROUTE_CAP_ATOMIC)} cap of /api/route`);
    }
    return usd(charged);
  }

  /** The loss guard (see ROUTE_DAILY_LOSS_CAP_ATOMIC), asked before every quote, so before every purchase too. */
  private async refuseAfterLosses(url: string): Promise<void> {
    const origin = new URL(url).origin;
    const losses = await this.deps.log.paidWithoutDelivery(0);
    const settledByThisSeller = losses.find((l) => l.sellerTransaction !== null && l.sellerUrl.startsWith(`${origin}/`));
    if (settledByThisSeller !== undefined) {
      const when = new Date(settledByThisSeller.finishedAtMs).toISOString();
      throw validationError("url", `${origin} settled a payment of this service on ${when} (transaction ${settledByThisSeller.sellerTransaction}) and did not deliver; /api/route no longer buys from it`);
    }
    const nowMs = this.deps.clock.nowMs();
    const recent = losses.filter((l) => l.finishedAtMs >= nowMs - DAY_MS);
    const total = recent.reduce((sum, l) => sum + l.sellerAmountAtomic, 0n);
    if (total >= ROUTE_DAILY_LOSS_CAP_ATOMIC) {
      const retryAfterSeconds = Math.max(1, Math.ceil((recent[0]!.finishedAtMs + DAY_MS - nowMs) / 1000));
      throw new AppError("UPSTREAM_UNAVAILABLE", `sellers paid by /api/route without delivering cost ${dollars(total)} in 24 hours, the cap is ${dollars(ROUTE_DAILY_LOSS_CAP_ATOMIC)}`, {
        retryAfterSeconds,
        publicHint: "Route-and-fulfil is paused: sellers that were paid and did not deliver reached today's loss cap. Retry after Retry-After seconds.",
      });
    }
  }

  async fulfil(params: RouteParams, context: FulfilmentContext): Promise<Fulfilment> {
    if (context.quoteUsd === undefined) throw new Error("/api/route ran without a quote: the dynamic-price gate is not in front of it");
    const chargedAtomic = BigInt(Math.round(context.quoteUsd * ATOMIC_PER_USD));
    // The largest seller price whose price + fee the caller's quote still covers.
    const maxSellerAtomic = (chargedAtomic * 100n) / (100n + ROUTE_FEE_PERCENT);
    const target = sellerRequest(params, this.deps.ownHost);
    await this.deps.log.open({
      requestId: context.requestId,
      createdAtMs: this.deps.clock.nowMs(),
      payer: context.payer ?? null,
      sellerUrl: target.url,
      sellerMethod: target.method,
      callerQuoteAtomic: String(chargedAtomic),
    });
    const request = new Request(target.url, { method: target.method, headers: target.headers, ...(target.body === undefined ? {} : { body: target.body }) });
    const purchase = await this.deps.wallet.buy(request, maxSellerAtomic);
    const finish = (outcome: FulfilmentFinish["outcome"], fields: Partial<FulfilmentFinish>) =>
      this.deps.log.finish(context.requestId, {
        outcome,
        sellerAmountAtomic: null,
        sellerPayTo: null,
        sellerTransaction: null,
        sellerStatus: null,
        detail: null,
        finishedAtMs: this.deps.clock.nowMs(),
        ...fields,
      });
    if (purchase.kind !== "paid") {
      const failure = unpaidFailure(purchase, chargedAtomic);
      await finish(failure.outcome, failure.fields);
      throw failure.error;
    }
    const { requirement, response, settlement } = purchase;
    const paidFields = {
      sellerAmountAtomic: requirement.amount,
      sellerPayTo: requirement.payTo,
      sellerTransaction: settlement?.success === true && settlement.transaction !== "" ? settlement.transaction : null,
      sellerStatus: response.status,
    };
    // Already read in full (and bounded) by the SSRF-safe client.
    const body = relayedBody(new Uint8Array(await response.arrayBuffer()), response.headers.get("content-type"));
    if (response.status !== 200) {
      const why = `the seller answered ${response.status} after payment${purchase.refusal === undefined ? "" : ` (${purchase.refusal})`}`;
      await finish("seller_failed", { ...paidFields, detail: why });
      throw sellerFailed(why, "It did not deliver after payment.");
    }
    await finish("delivered", paidFields);
    return {
      sellerUrl: target.url,
      sellerMethod: target.method,
      status: response.status,
      body,
      sellerAtomic: BigInt(requirement.amount),
      chargedAtomic,
      network: requirement.network,
      asset: requirement.asset,
      sellerPayTo: requirement.payTo,
      routeWallet: this.deps.wallet.address,
      sellerTransaction: paidFields.sellerTransaction,
      sellerReceipt: settlement === undefined ? null : { ...settlement },
      fulfilledAtMs: this.deps.clock.nowMs(),
    };
  }
}

function sellerFailed(issue: string, hint: string): AppError {
  return new AppError("SELLER_FAILED", issue, { details: [{ param: "url", issue }], publicHint: hint });
}

/** Every purchase that did not end in our paid request: what to record and what the caller gets. */
function unpaidFailure(
  purchase: Exclude<Purchase, { kind: "paid" }>,
  chargedAtomic: bigint,
): { outcome: FulfilmentFinish["outcome"]; fields: Partial<FulfilmentFinish>; error: AppError } {
  switch (purchase.kind) {
    case "price_changed": {
      const issue = `the seller now asks ${dollars(purchase.askedAtomic)}, more than your quote of ${dollars(chargedAtomic)} covers with our fee; nothing was paid`;
      return { outcome: "price_changed", fields: { sellerAmountAtomic: String(purchase.askedAtomic), detail: issue }, error: sellerFailed(issue, "Its price rose since the quote: call again for a new quote.") };
    }
    case "not_offered":
      return { outcome: "not_offered", fields: { detail: purchase.reason }, error: sellerFailed(`the seller no longer offers a payment we make: ${purchase.reason}`, "Its terms changed since the quote.") };
    case "unpaid": {
      const issue = `the seller answered ${purchase.response.status} without asking for payment this time; nothing was bought`;
      return { outcome: "not_offered", fields: { sellerStatus: purchase.response.status, detail: issue }, error: sellerFailed(issue, "It did not ask for payment this time.") };
    }
    case "broken": {
      const fields: Partial<FulfilmentFinish> = {
        sellerAmountAtomic: purchase.requirement?.amount ?? null,
        sellerPayTo: purchase.requirement?.payTo ?? null,
        detail: `${purchase.requirement === undefined ? "before" : "after"} payment: ${purchase.error instanceof Error ? purchase.error.message : String(purchase.error)}`,
      };
      return { outcome: "seller_unreachable", fields, error: outboundError(purchase.error, purchase.requirement === undefined ? "for the purchase" : "after payment") };
    }
  }
}
