/**
 * An output example short enough for the PAYMENT-REQUIRED header. The bazaar extension repeats the route's
 * example response inside the header, and a full catalog or analog list there made some 402 headers 9-13 KiB:
 * past the 8 KiB per-line buffers of common proxies (nginx, Heroku) and close to Node's 16 KiB header limit.
 * Arrays keep their first items and long strings are cut, so the example keeps its shape; the full example
 * stays in the OpenAPI document.
 */
export function compactExample(example: unknown, maxBytes: number): unknown {
  let compact = example;
  for (const [items, chars] of [[Infinity, Infinity], [3, Infinity], [1, 200], [1, 40]] as const) {
    compact = shorten(example, items, chars);
    if (JSON.stringify(compact).length <= maxBytes) return compact;
  }
  return compact;
}

function shorten(value: unknown, items: number, chars: number): unknown {
  if (typeof value === "string") return value.length > chars ? `${value.slice(0, chars)}...` : value;
  if (Array.isArray(value)) return value.slice(0, items).map((v) => shorten(v, items, chars));
  if (typeof value === "object" && value !== null) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v, items, chars)]));
  return value;
}
