import type { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { describeValue, validationDetails, type ValidationIssue } from "../contracts/validation-details.js";
import { AppError } from "../domain/app-error.js";
import { mayHaveBody } from "./announced-body.js";
import type { AppEnv } from "./app-env.js";
import { ownValue } from "../domain/own-value.js";

/**
 * An operation's parameters: from the query string, or on POST also from a JSON object body with the same
 * names (one given in both with different values is a 422); one schema validates both and a failure is a
 * 422 naming each bad parameter, what was expected and what came. Hono keeps the body, so the dynamic-price
 * quote and the handler may both read it.
 */
export async function parseOperationParams<P extends z.ZodObject>(c: Context<AppEnv>, schema: P): Promise<z.infer<P>> {
  const raw = await collectParams(c);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationFailure(parsed.error.issues, raw);
  return parsed.data;
}

async function collectParams(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const query: Record<string, unknown> = c.req.query();
  if (c.req.method !== "POST" || !mayHaveBody(c)) return query;
  const text = await c.req.text();
  if (text.trim() === "") return query;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw validationFailure([{ path: ["body"], message: "must be a JSON object (or send no body and use the query string)" }]);
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw validationFailure([{ path: ["body"], message: "must be a JSON object with the parameters as keys" }]);
  }
  const fromBody = body as Record<string, unknown>;
  // The body's names are the caller's: looked up as own keys only (a body may say "constructor").
  const conflicts = Object.entries(fromBody)
    .map(([name, bodyValue]) => ({ name, bodyValue, queryValue: ownValue(query, name) }))
    .filter(({ bodyValue, queryValue }) => queryValue !== undefined && !sameValue(queryValue, bodyValue));
  if (conflicts.length > 0) {
    throw validationFailure(
      conflicts.map(({ name, bodyValue, queryValue }) => ({
        path: [name],
        message: `is given twice with different values (query ${describeValue(queryValue)}, body ${describeValue(bodyValue)}); send it once`,
      })),
      {},
    );
  }
  return { ...query, ...fromBody };
}

/** The query's text and the body's JSON value say the same thing (`k=5` and `"k": 5`). */
function sameValue(queryText: unknown, bodyValue: unknown): boolean {
  if (bodyValue === null || typeof bodyValue === "object") return false;
  return String(queryText) === String(bodyValue);
}

function validationFailure(issues: readonly ValidationIssue[], raw: Record<string, unknown> = {}): AppError {
  const { details, summary } = validationDetails(issues, raw);
  return new AppError("VALIDATION_FAILED", summary, { details });
}
