import { createHash } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import { AnswerEncoderThread, ENCODE_ELSEWHERE_MIN_LEAVES } from "./answer-encoder-thread.js";

/** An answer shaped like /get_patterns_ohlc's: dates and float prices, well past the threshold. */
function largeAnswer() {
  return {
    ticker: "SPY",
    note: "quotes \" and \\ and unicode \u00e9 \u2028 \ud83d\ude00",
    patterns: Array.from({ length: 40 }, (_, p) => ({
      pattern_id: p + 1,
      dates: Array.from({ length: 120 }, (_, i) => `2015-01-${String((i % 28) + 1).padStart(2, "0")}`),
      closes: Array.from({ length: 120 }, (_, i) => Math.fround(100 + Math.sin(i + p) * 7.31) * (i % 7 === 0 ? -1e-7 : 1)),
      match_return: p % 3 === 0 ? null : -0,
      wrapped: p % 2 === 0,
    })),
  };
}

const encoders: AnswerEncoderThread[] = [];
afterEach(async () => {
  for (const encoder of encoders.splice(0)) await encoder.close();
});

function newEncoder(): AnswerEncoderThread {
  const encoder = new AnswerEncoderThread();
  encoders.push(encoder);
  return encoder;
}

describe("AnswerEncoderThread", () => {
  it("serialises a large plain answer on its thread: the same bytes as JSON.stringify here, with their SHA-256", async () => {
    const encoder = newEncoder();
    expect(await encoder.warm()).toBe(true);
    const value = largeAnswer();
    const encoded = await encoder.encode(value);
    expect(encoded.body).toBeInstanceOf(Uint8Array); // bytes come only from the thread
    const expected = Buffer.from(JSON.stringify(value), "utf8");
    expect(Buffer.from(encoded.body as Uint8Array).equals(expected)).toBe(true);
    expect(Buffer.from(encoded.sha256!).toString("hex")).toBe(createHash("sha256").update(expected).digest("hex"));
  });

  it("serialises here what is small, not plain, or comes before the thread is warm or after close", async () => {
    const encoder = newEncoder();
    const value = largeAnswer();
    // Not warm yet: here, as text.
    expect(await encoder.encode(value)).toEqual({ body: JSON.stringify(value) });
    await encoder.warm();
    const small = { n: Array.from({ length: ENCODE_ELSEWHERE_MIN_LEAVES - 2 }, (_, i) => i) };
    expect(await encoder.encode(small)).toEqual({ body: JSON.stringify(small) });
    const withDate = { ...value, at: new Date(0) };
    expect(await encoder.encode(withDate)).toEqual({ body: JSON.stringify(withDate) });
    await encoder.close();
    expect(await encoder.encode(value)).toEqual({ body: JSON.stringify(value) });
    expect(await encoder.warm()).toBe(false);
  });

  it("keeps answering when many large answers are in flight at once, each with its own bytes", async () => {
    const encoder = newEncoder();
    await encoder.warm();
    const values = Array.from({ length: 12 }, (_, i) => ({ ...largeAnswer(), ticker: `T${i}` }));
    const encoded = await Promise.all(values.map((value) => encoder.encode(value)));
    encoded.forEach((answer, i) => expect(Buffer.from(answer.body as Uint8Array).toString("utf8")).toBe(JSON.stringify(values[i])));
  });
});
