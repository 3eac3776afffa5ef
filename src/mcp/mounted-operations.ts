/**
 * The operations a running service mounts, read from its /openapi.json (free). A deployment mounts only the
 * families it has implementations and configuration for (the faucet only in embedded mode), so the MCP
 * server offers exactly these and never a tool whose route would answer 404.
 */
export async function fetchMountedOperations(baseUrl: string, fetchFn: typeof fetch = fetch): Promise<Set<string>> {
  const response = await fetchFn(`${baseUrl}/openapi.json`, { signal: AbortSignal.timeout(10_000) });
  if (response.status !== 200) throw new Error(`${baseUrl}/openapi.json answered HTTP ${response.status}`);
  const document = (await response.json()) as { paths?: Record<string, Record<string, { operationId?: unknown }>> };
  const ids = new Set<string>();
  for (const operations of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(operations)) {
      // The GET twin of a POST operation is documented as `<id>_via_get`: the same tool.
      if (typeof operation.operationId === "string") ids.add(operation.operationId.replace(/_via_(get|post)$/, ""));
    }
  }
  return ids;
}
