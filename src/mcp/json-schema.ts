import { getOpenApiMetadata } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

export type JsonSchemaObject = { type: "object"; properties?: Record<string, object>; required?: string[]; [key: string]: unknown };

/**
 * A contract's zod schema as the JSON Schema an MCP host shows a model. `io: "input"` describes what a caller
 * may send (defaults make a parameter optional); the descriptions, bounds and examples that the contracts
 * attach with `.openapi()` live outside zod's own registry, so they are copied over here.
 * Draft-07 keywords without `$schema`: valid 2020-12 as well, and what the MCP SDK's Ajv validates.
 */
export function contractJsonSchema(schema: z.ZodType, io: "input" | "output"): JsonSchemaObject | undefined {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, {
      io,
      target: "draft-7",
      unrepresentable: "any",
      override: (ctx) => {
        const meta = getOpenApiMetadata(ctx.zodSchema as never) as Record<string, unknown>;
        if (typeof meta.description === "string") ctx.jsonSchema.description = meta.description;
        if (io === "input") {
          if (typeof meta.minimum === "number") ctx.jsonSchema.minimum = meta.minimum;
          if (typeof meta.maximum === "number") ctx.jsonSchema.maximum = meta.maximum;
          if (meta.example !== undefined) ctx.jsonSchema.examples = [meta.example];
        }
      },
    }) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  delete json.$schema;
  // MCP requires an object at the root of both schemas.
  return json.type === "object" ? (json as JsonSchemaObject) : undefined;
}
