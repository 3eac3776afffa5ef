import { z } from "@hono/zod-openapi";
import { ErrorCodeSchema } from "../domain/app-error.js";

export const ErrorBodySchema = z
  .object({
    error: z.object({
      code: z.enum(ErrorCodeSchema.options).openapi({ description: "Stable machine-readable code (UPPER_SNAKE)" }),
      message: z.string().openapi({ description: "What went wrong, for people" }),
      details: z
        .array(z.object({ param: z.string().optional(), issue: z.string() }))
        .optional()
        .openapi({ description: "Per-parameter problems (validation failures)" }),
      request_id: z.string().openapi({ description: "Echoed in X-Request-Id; quote it when reporting a problem" }),
    }),
  })
  .openapi("ErrorBody");
