/** The example values an operation documents on its query parameters (GET-only operations have no request body). */
export function queryExamples(op: { parameters?: { name: string; in: string; schema?: { example?: unknown } }[] }): Record<string, string | number | boolean> {
  return Object.fromEntries(
    (op.parameters ?? []).filter((p) => p.in === "query" && p.schema?.example !== undefined).map((p) => [p.name, p.schema!.example as string | number | boolean]),
  );
}
