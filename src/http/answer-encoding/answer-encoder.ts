/** An answer as it leaves: its JSON text or bytes, and the SHA-256 of those bytes when the encoder computed it. */
export interface EncodedAnswer {
  body: string | Uint8Array<ArrayBuffer>;
  /** SHA-256 of exactly `body`'s UTF-8 bytes; the response signature then need not hash them again. */
  sha256?: Uint8Array;
}

/** Turns a route's answer into the JSON that is sent (./answer-encoder-thread.ts moves large ones off the event loop). */
export interface AnswerEncoder {
  encode(value: unknown): Promise<EncodedAnswer>;
}

/** Serialises on the calling thread: what `c.json` does. */
export const encodeHere: AnswerEncoder = {
  encode: async (value) => ({ body: JSON.stringify(value) }),
};
