/**
 * Parameters (a test's, or an operation's documented example) as a query string, each value as String() gives
 * it. Free of vitest, so scripts/examples uses it too.
 */
export const queryOf = (params: Readonly<Record<string, unknown>>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
