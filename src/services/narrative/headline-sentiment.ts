import Sentiment from "sentiment";
import type { Headline } from "../../providers/feeds/headlines-port.js";

/** Fewer scored headlines than this: no sentiment (a single headline is an anecdote, not a reading). */
export const MIN_HEADLINES = 3;
/** |mean comparative| below this is neutral. */
export const NEUTRAL_BAND = 0.05;

export const SENTIMENT_METHOD =
  "Each headline is scored with the `sentiment` npm library (AFINN-165 lexicon, -5 to +5 per word, with its negation handling): " +
  "score is the sum over the headline's words, comparative that sum divided by the headline's token count. The asset's sentiment is " +
  `the mean comparative over its headlines: positive above +${NEUTRAL_BAND}, negative below -${NEUTRAL_BAND}, otherwise neutral; ` +
  `null with the reason when fewer than ${MIN_HEADLINES} headlines were found or the headline source failed.`;

export interface ScoredHeadline extends Headline {
  score: number;
  comparative: number;
  /** The lexicon words that moved the score. */
  words: string[];
}

export interface SentimentReading {
  value: number | null;
  label: "positive" | "neutral" | "negative" | null;
  reason: string | null;
}

const analyzer = new Sentiment();

export function scoreHeadline(headline: Headline): ScoredHeadline {
  const result = analyzer.analyze(headline.title);
  return { ...headline, score: result.score, comparative: result.comparative, words: result.words };
}

export function headlineSentiment(scored: readonly ScoredHeadline[]): SentimentReading {
  if (scored.length < MIN_HEADLINES) {
    return { value: null, label: null, reason: `only ${scored.length} headline(s) found; at least ${MIN_HEADLINES} are needed for a reading` };
  }
  const value = scored.reduce((a, h) => a + h.comparative, 0) / scored.length;
  return { value, label: value > NEUTRAL_BAND ? "positive" : value < -NEUTRAL_BAND ? "negative" : "neutral", reason: null };
}
