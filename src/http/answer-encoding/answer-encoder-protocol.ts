/** Messages between ./answer-encoder-thread.ts and ./answer-encoder-worker.ts. */
export type EncodeRequest = { id: number; value: unknown } | { id: number; warmUp: true };

export type EncodeReply = { id: number; bytes: Uint8Array<ArrayBuffer>; sha256: Uint8Array } | { id: number; error: string };
