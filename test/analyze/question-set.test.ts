import { describe, expect, it } from "vitest";
import { resolveSymbol } from "../../src/domain/symbol-resolver.js";
import { parseQuestion } from "../../src/services/analyze/question-parser.js";
import questionSet from "./questions.json" with { type: "json" };

interface Question {
  split: "train" | "holdout";
  topic: string;
  question: string;
  routes: string[];
}

const TODAY = "2024-12-06";
const questions = questionSet.questions as Question[];

/** The route the parser picks, or why it picked none. */
function routeOf(q: Question): { route: string | null; why: string } {
  const outcome = parseQuestion(q.question, resolveSymbol, TODAY);
  return outcome.understood ? { route: outcome.interpretation.route, why: outcome.interpretation.matched } : { route: null, why: outcome.reason };
}

function accuracy(split: Question["split"]) {
  const rows = questions.filter((q) => q.split === split).map((q) => ({ ...q, ...routeOf(q) }));
  const right = rows.filter((r) => r.route !== null && r.routes.includes(r.route));
  return { rows, right: right.length, total: rows.length, wrong: rows.filter((r) => !right.includes(r)) };
}

describe("the /analyze question set", () => {
  it("holds at least 40 questions across the topics, each with the routes an analyst would call", () => {
    expect(questions.length).toBeGreaterThanOrEqual(40);
    expect(new Set(questions.map((q) => q.topic))).toEqual(
      new Set(["event", "move", "odds", "regime", "sizing", "earnings", "calendar", "fundamentals", "movers", "compare", "price", "signal", "news", "macro", "sentiment", "options", "momentum", "brief", "portfolio"]),
    );
    expect(questions.filter((q) => q.split === "holdout").length).toBeGreaterThanOrEqual(10);
  });

  it.each(["train", "holdout"] as const)("picks the right route for at least 90%% of the %s questions, and says why for the others", (split) => {
    const { right, total, wrong } = accuracy(split);
    console.log(`${split}: ${right}/${total} right (${((100 * right) / total).toFixed(1)}%)`);
    for (const w of wrong) console.log(`  wrong: "${w.question}" -> ${w.route ?? "none"} (${w.why}); expected ${w.routes.join(" or ")}`);
    for (const w of wrong.filter((row) => row.route === null)) expect(w.why.length).toBeGreaterThan(10);
    expect(right / total).toBeGreaterThanOrEqual(0.9);
  });
});
