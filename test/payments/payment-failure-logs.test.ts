import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loggableError, loggableReason } from "../../src/payments/loggable-failure.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";
import { createTestPayer, type TestPayer } from "../support/test-payer.js";
import { startTestService, type TestService } from "../support/test-service.js";

/*
 * Issue 34, point 4: a refused payment's authorization must not reach the log. One refused for insufficient
 * balance is still valid until it expires: whoever reads the line could spend it. Codes and short reasons only.
 */

const PAID_PATH = "/get_latest_price?ticker=AAPL";
/** The selector of USDC's transferWithAuthorization (EIP-3009): the start of the settlement's calldata. */
const TRANSFER_WITH_AUTHORIZATION = "e3ee160e";

interface Authorization {
  header: string;
  signature: string;
}

function capturingLogger() {
  const lines: string[] = [];
  return { logger: pino({ level: "trace" }, { write: (line: string) => void lines.push(line) }), lines };
}

/**
 * What of an authorization would let a reader spend it or rebuild its calldata, in the forms a log could hold it:
 * the header, the signature and its r and s, the calldata's selector. (The nonce alone spends nothing: claim keys,
 * logged for correlation, hold it.)
 */
function secretsOf(auth: Authorization): string[] {
  const hex = auth.signature.slice(2).toLowerCase();
  return [auth.header, hex, hex.slice(0, 64), hex.slice(64, 128), TRANSFER_WITH_AUTHORIZATION];
}

async function authorizationFor(payer: TestPayer, tamper?: (signature: string) => string): Promise<Authorization> {
  const header = await payer.paymentFor(PAID_PATH, "GET");
  const payload = JSON.parse(Buffer.from(header, "base64").toString("utf8")) as { payload: { signature: string } };
  if (tamper !== undefined) payload.payload.signature = tamper(payload.payload.signature);
  return { header: Buffer.from(JSON.stringify(payload)).toString("base64"), signature: payload.payload.signature };
}

function expectAbsent(lines: readonly string[], auth: Authorization): void {
  const log = lines.join("\n").toLowerCase();
  for (const secret of secretsOf(auth)) expect(log.includes(secret.toLowerCase()), `log holds ${secret.slice(0, 24)}…`).toBe(false);
}

describe.skipIf(!SHARED_PRESENT)("a refused payment's authorization never reaches the log (embedded facilitator, real stack)", () => {
  const { logger, lines } = capturingLogger();
  let service: TestService;

  beforeAll(async () => {
    service = await startTestService({
      logger,
      // Settlement refused with the kind of text a chain client gives: the transfer's calldata and the signature.
      wrapFacilitator: (real) => ({
        verify: (payload, requirements) => real.verify(payload, requirements),
        getSupported: () => real.getSupported(),
        settle: async (payload, requirements) => {
          const signature = (payload.payload as { signature: string }).signature;
          const from = (payload.payload as { authorization: { from: string } }).authorization.from;
          return {
            success: false,
            errorReason: "transaction_failed",
            errorMessage: `The contract function "transferWithAuthorization" reverted.\nData: 0x${TRANSFER_WITH_AUTHORIZATION}000000000000000000000000${from.slice(2)}${signature.slice(2)}\nArgs: (${signature})`,
            transaction: "",
            network: requirements.network,
            payer: from,
          };
        },
      }),
    });
  });
  afterAll(async () => {
    await service?.close();
  });

  /** Pays PAID_PATH once from a new payer holding `usdc` (its signature tampered with when asked): refused, 402. */
  async function refusedPayment(usdc: bigint, tamper?: (signature: string) => string) {
    const payer = await createTestPayer(service, usdc);
    const auth = await authorizationFor(payer, tamper);
    const before = lines.length;
    const res = await service.app.request(PAID_PATH, { headers: { "PAYMENT-SIGNATURE": auth.header } });
    expect(res.status).toBe(402);
    return { payer, auth, res, linesSince: () => lines.slice(before) };
  }

  it("insufficient balance: refused with a code, and the signature, header and calldata are in no log line", async () => {
    const { auth, res, linesSince } = await refusedPayment(100n);
    expect(JSON.stringify(await res.json())).toMatch(/insufficient/i);
    expect(linesSince().length).toBeGreaterThan(0); // the refusal is logged, as a code
    expect(linesSince().some((l) => l.includes("payment verification failed") || l.includes("insufficient"))).toBe(true);
    expectAbsent(lines, auth);
  });

  it("a bad signature: refused, and neither the forged nor any signature bytes are logged", async () => {
    const { payer, auth } = await refusedPayment(10_000_000n, (signature) => `${signature.slice(0, 10)}${signature.slice(10, 74).split("").reverse().join("")}${signature.slice(74)}`);
    expectAbsent(lines, auth);
    expect(await payer.balance()).toBe(10_000_000n);
  });

  it("a refused settlement: the facilitator's message with calldata and signature is logged as a code and a cut reason", async () => {
    const { payer, auth, res, linesSince } = await refusedPayment(10_000_000n);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("SETTLEMENT_FAILED");
    const settleLines = linesSince().filter((l) => l.includes("settlement failed"));
    expect(settleLines).toHaveLength(1);
    expect(JSON.parse(settleLines[0]!)).toMatchObject({ errorReason: "transaction_failed", detail: 'The contract function "transferWithAuthorization" reverted.' });
    expectAbsent(lines, auth);
    expect(await payer.balance()).toBe(10_000_000n);
  });
});

describe("what a payment failure leaves in the log", () => {
  const signature = `0x${"ab12".repeat(32)}1b`;
  const header = Buffer.from(JSON.stringify({ payload: { signature } })).toString("base64");

  it("cuts hex runs, token runs and every line after the first; keeps codes", () => {
    expect(loggableReason("invalid_exact_evm_insufficient_balance")).toBe("invalid_exact_evm_insufficient_balance");
    const cut = loggableReason(`reverted: ERC20 balance ${signature} args ${header}\ncalldata 0xe3ee160e${"00".repeat(64)}`)!;
    expect(cut).toBe("reverted: ERC20 balance 0x… args …");
    expect(loggableReason(undefined)).toBeUndefined();
    expect(loggableReason("x".repeat(500))!.length).toBeLessThanOrEqual(160);
  });

  it("keeps an exception's class, code and short message, never its stack or its long message", () => {
    const viemLike = Object.assign(new Error(`Contract Call:\n  args: (${signature})`), { name: "ContractFunctionExecutionError", shortMessage: "Execution reverted", code: -32000 });
    expect(loggableError(viemLike)).toEqual({ name: "ContractFunctionExecutionError", code: "-32000", reason: "Execution reverted" });
    expect(JSON.stringify(loggableError(new Error(`boom ${signature}`)))).not.toContain("ab12ab12");
  });
});
