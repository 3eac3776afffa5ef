/** An error's message with its cause ("fetch failed" alone hides the ECONNREFUSED that explains it). */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}
