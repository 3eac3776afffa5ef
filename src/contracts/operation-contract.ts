import type { z } from "@hono/zod-openapi";
import type { ErrorCode } from "../domain/app-error.js";

/**
 * The wire contract of one operation, shared by HTTP and MCP: its parameters (one schema for query string
 * and JSON body), its 200 body, a worked example, and the error codes it can answer with besides 422.
 */
export interface OperationContract<P extends z.ZodObject = z.ZodObject, R extends z.ZodType = z.ZodType> {
  operationId: string;
  description: string;
  params: P;
  response: R;
  example: { params: Record<string, string | number | boolean>; response: z.infer<R> };
  errors: readonly ErrorCode[];
  /** The operation answers 302 (Location = `example.response.location`) instead of a 200 JSON body. */
  redirect?: boolean;
}
