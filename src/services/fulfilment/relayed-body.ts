export interface RelayedBody {
  encoding: "json" | "text" | "base64";
  value: unknown;
  bytes: number;
  contentType: string | null;
}

/** A seller's body as we relay it: its JSON value when it says JSON and parses, UTF-8 text when it decodes, else base64. */
export function relayedBody(bytes: Uint8Array, contentType: string | null): RelayedBody {
  const base = { bytes: bytes.byteLength, contentType };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { ...base, encoding: "base64", value: Buffer.from(bytes).toString("base64") };
  }
  if (contentType !== null && /\bjson\b/i.test(contentType)) {
    try {
      return { ...base, encoding: "json", value: JSON.parse(text) as unknown };
    } catch {
      // Says JSON but is not: relayed as the text it is.
    }
  }
  return { ...base, encoding: "text", value: text };
}
