type Responses = Record<string, unknown>;
type OpenApiDocument = { components?: Record<string, unknown>; paths: Record<string, Record<string, Record<string, unknown> & { responses: Responses }>> };

interface Site {
  responses: Responses;
  status: string;
  operationId: string;
}

/**
 * Moves every response object documented more than once into `components.responses` and refers to it there.
 * Each route is documented on GET and POST with the same answers, and most error responses (405, 500, 413, the
 * 503 of an upstream) are the same on every route: written out each time they made /openapi.json 1.46 MB.
 * A response shared by the two methods of one operation is named `<operationId>_<status>`; one shared across
 * operations `<status>_<codes>` (the error codes its examples show). Identical means the same JSON text; two
 * responses that differ only in key order are simply kept apart.
 */
export function shareRepeatedResponses(document: OpenApiDocument): void {
  const sitesByText = new Map<string, { response: unknown; sites: Site[] }>();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      const operationId = String(operation.operationId ?? "").replace(/_via_(get|post)$/, "");
      for (const [status, response] of Object.entries(operation.responses)) {
        const text = JSON.stringify(response);
        const entry = sitesByText.get(text) ?? { response, sites: [] };
        entry.sites.push({ responses: operation.responses, status, operationId });
        sitesByText.set(text, entry);
      }
    }
  }
  const shared: Record<string, unknown> = {};
  for (const { response, sites } of sitesByText.values()) {
    if (sites.length < 2) continue;
    const name = uniqueName(shared, componentName(response, sites));
    shared[name] = response;
    for (const site of sites) site.responses[site.status] = { $ref: `#/components/responses/${name}` };
  }
  document.components = { ...document.components, responses: shared };
}

function componentName(response: unknown, sites: readonly Site[]): string {
  const status = sites[0].status;
  const operations = new Set(sites.map((s) => s.operationId));
  if (operations.size === 1) return `${sites[0].operationId}_${status}`;
  const examples = (response as { content?: Record<string, { examples?: Record<string, unknown> }> }).content?.["application/json"]?.examples;
  const codes = Object.keys(examples ?? {});
  return codes.length > 0 ? `${status}_${codes.join("_")}` : `${status}_shared`;
}

function uniqueName(taken: Record<string, unknown>, name: string): string {
  if (!Object.hasOwn(taken, name)) return name;
  let n = 2;
  while (Object.hasOwn(taken, `${name}_${n}`)) n++;
  return `${name}_${n}`;
}
