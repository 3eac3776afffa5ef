import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startPaidService, type PaidService } from "../support/paid-routes.js";
import { queryOf } from "../support/query-of.js";
import { SHARED_PRESENT } from "../support/shared-paths.js";

/*
 * Issue 34, point 7: `POST /search_preprints?query=x&category=constructor` answered 500 because a caller's string
 * was looked up in a plain object (`ALIASES["constructor"]` is `Object`). Every string parameter of every route,
 * paid for, gets each name every plain object inherits, and the parameters' names themselves arrive as body keys:
 * never a 5xx. scripts/check-object-lookups.ts (npm run lint) keeps the pattern out of the source.
 */

const INHERITED_NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "__defineGetter__"];

/**
 * Offline, feed routes answer 503 UPSTREAM_UNAVAILABLE for what nothing is stored under, and routes whose source
 * is not configured here (a trading account) answer it for their documented example too: the upstream's state,
 * not a crash.
 */
const OFFLINE_FEED_PATHS = new Set(["/get_fear_greed", "/get_earnings_calendar", "/get_economic_calendar", "/search_preprints", "/get_fundamentals", "/get_options_chain", "/get_trends", "/get_hardware_prices", "/earnings_surprise", "/api/earnings-surprise"]);

type Parameter = { name: string; schema?: { type?: string } };
type OperationDoc = { parameters?: Parameter[]; requestBody?: { content: { "application/json": { example?: Record<string, unknown> } } }; "x-payment-info"?: { price?: { mode?: string } } };

describe.skipIf(!SHARED_PRESENT)("inherited member names as values and keys never cause a 5xx", () => {
  let paid: PaidService;
  beforeAll(async () => {
    paid = await startPaidService();
    // Campaigns bought at the example's budget with odd but valid titles: room for them beside every other route.
    await paid.service.embedded!.mintUsdc(paid.payer.account.address, 500_000_000n);
  });
  afterAll(async () => {
    await paid?.service.close();
  });

  /** The answer to a call, paid for when the route is paid (a dynamic route is quoted from its parameters first). */
  async function answer(path: string, op: OperationDoc, query: string, body?: string): Promise<Response> {
    const url = `${path}?${query}`;
    const init = { method: "POST", ...(body === undefined ? {} : { body, headers: { "content-type": "application/json" } }) };
    if (op["x-payment-info"] === undefined) return paid.service.app.request(url, init);
    const dynamic = op["x-payment-info"].price?.mode === "dynamic";
    const quote = dynamic ? await paid.service.app.request(url, init) : undefined;
    if (quote !== undefined && quote.status !== 402) return quote;
    const signature = await paid.payer.paymentFor(dynamic ? url : path, "POST", body === undefined ? {} : { body, headers: { "content-type": "application/json" } });
    return paid.service.app.request(url, { ...init, headers: { ...(init.headers ?? {}), "PAYMENT-SIGNATURE": signature } });
  }

  it("every string parameter of every route, and every route's body keys", async () => {
    const doc = (await (await paid.service.app.request("/openapi.json")).json()) as { paths: Record<string, Record<string, OperationDoc>> };
    const failures: string[] = [];
    let calls = 0;
    const unavailable = new Set(OFFLINE_FEED_PATHS);
    const check = async (res: Response, path: string, what: string) => {
      calls += 1;
      const text = await res.text();
      const upstream = res.status === 503 && unavailable.has(path) && text.includes("UPSTREAM_UNAVAILABLE");
      if (res.status >= 500 && !upstream) failures.push(`${res.status} ${path} ${what}: ${text.slice(0, 160)}`);
    };
    for (const [path, methods] of Object.entries(doc.paths)) {
      const op = methods.post ?? methods.get;
      if (op === undefined) continue;
      const example = op.requestBody?.content["application/json"].example ?? {};
      const baseline = await answer(path, op, new URLSearchParams(queryOf(example)).toString());
      if (baseline.status === 503 && (await baseline.text()).includes("UPSTREAM_UNAVAILABLE")) unavailable.add(path);
      for (const { name, schema } of op.parameters ?? []) {
        if (schema?.type !== "string") continue;
        for (const value of INHERITED_NAMES) {
          const params = new URLSearchParams(queryOf(example));
          params.set(name, value);
          await check(await answer(path, op, params.toString()), path, `${name}=${value}`);
        }
      }
      // The inherited names as parameter names, in a JSON body beside the example's parameters.
      const body = `{${INHERITED_NAMES.map((n) => `"${n}": "x"`).join(", ")}}`;
      await check(await answer(path, op, new URLSearchParams(queryOf(example)).toString(), body), path, `body ${body}`);
    }
    expect(calls).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 300_000);
});
