/**
 * /openapi.json keeps each response documented more than once in components.responses and refers to it
 * (src/http/routes/discovery/shared-responses.ts): tests read a response through `resolveRef`.
 */
export function resolveRef<T>(doc: unknown, value: T | { $ref: string } | undefined): T | undefined {
  if (value === null || typeof value !== "object" || !("$ref" in value) || typeof value.$ref !== "string") return value as T | undefined;
  return pointerParts(value.$ref).reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], doc) as T | undefined;
}

/** The parts of the JSON pointer where an operation's response is written (its component when it is a reference). */
export function responsePath(doc: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }, path: string, method: string, status: string): string[] {
  const response = doc.paths[path][method].responses[status] as { $ref?: string } | undefined;
  return typeof response?.$ref === "string" ? pointerParts(response.$ref) : ["paths", path, method, "responses", status];
}

function pointerParts(ref: string): string[] {
  if (!ref.startsWith("#/")) throw new Error(`not a local reference: ${ref}`);
  return ref.slice(2).split("/").map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
}
