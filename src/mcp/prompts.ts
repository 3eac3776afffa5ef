import type { GetPromptResult, Prompt } from "@modelcontextprotocol/sdk/types.js";
import { ownValue } from "../domain/own-value.js";

/**
 * Ready-made tasks a host shows its user (slash commands in most hosts). Each one names the tools to call, in
 * order, and the resource to read before quoting a number, so the model does not have to discover the flow.
 */
interface PromptDefinition extends Prompt {
  render(args: Record<string, string>): string;
}

const HOW_TO_READ = "Before you quote any figure, read the resource precedent://docs/how-to-read and report the excess over baseline with its interval, not the raw mean.";

const PROMPTS: readonly PromptDefinition[] = [
  {
    name: "find_precedents",
    title: "Find precedents for this window",
    description: "Historical analogs of a ticker's price window and what followed them",
    arguments: [
      { name: "ticker", description: "Symbol, e.g. SPY, BTC, xyz:GOLD", required: true },
      { name: "start_date", description: "Window start, YYYY-MM-DD (e.g. 2020-02-19)", required: true },
      { name: "end_date", description: "Window end, exclusive, YYYY-MM-DD (e.g. 2020-03-24)", required: true },
      { name: "horizons", description: "Forward horizons in calendar days, comma-separated (default 7,30,90)" },
    ],
    render: (a) =>
      `Find the historical precedents of ${a.ticker} between ${a.start_date} and ${a.end_date}. ` +
      `1) Call get_patterns with ticker=${a.ticker}, start_date=${a.start_date}, end_date=${a.end_date} to see the closest analogs. ` +
      `2) Call forward_distribution (toolset analytics) with the same window and horizons=${a.horizons ?? "7,30,90"} for what followed them. ` +
      `${HOW_TO_READ} Say how many independent analogs each horizon rests on, and say so plainly when the interval straddles zero.`,
  },
  {
    name: "size_position",
    title: "Size a position",
    description: "A position size from the forward distribution after a window's analogs",
    arguments: [
      { name: "ticker", description: "Symbol", required: true },
      { name: "start_date", description: "Window start, YYYY-MM-DD", required: true },
      { name: "end_date", description: "Window end, exclusive, YYYY-MM-DD", required: true },
      { name: "account_size", description: "Account size in USD (default 10000)" },
      { name: "horizon_days", description: "Holding horizon in calendar days (default 30)" },
    ],
    render: (a) =>
      `Size a position in ${a.ticker} on its window ${a.start_date} to ${a.end_date}. Call position_size (toolset analytics) with ` +
      `ticker=${a.ticker}, start_date=${a.start_date}, end_date=${a.end_date}, account_size=${a.account_size ?? "10000"}, horizon_days=${a.horizon_days ?? "30"}. ` +
      `Report the suggested fraction and dollar size, the stop and target references and what the size rests on. ${HOW_TO_READ} ` +
      "State that this is a reference computed from history, not advice.",
  },
  {
    name: "ask_precedent",
    title: "Ask a market question",
    description: "A plain-English question answered from the service's data, with the routes it used",
    arguments: [{ name: "question", description: "e.g. What did SPY do after drops like March 2020?", required: true }],
    render: (a) =>
      `Call analyze with question="${a.question}". Report its answer with the interpretation it gives (intent, tickers, dates) and the routes it used; ` +
      "if the interpretation is not what was asked, call the named route directly with the right parameters instead.",
  },
];

export function listPrompts(): Prompt[] {
  return PROMPTS.map(({ render: _render, ...prompt }) => prompt);
}

/** The prompt's message; a missing required argument is an error naming it. */
export function getPrompt(name: string, args: Record<string, string> | undefined): GetPromptResult {
  const prompt = PROMPTS.find((p) => p.name === name);
  if (prompt === undefined) throw new Error(`Unknown prompt ${name}; the prompts are ${PROMPTS.map((p) => p.name).join(", ")}`);
  const given = args ?? {};
  const missing = (prompt.arguments ?? []).filter((arg) => arg.required === true && (ownValue(given, arg.name) ?? "").trim() === "");
  if (missing.length > 0) throw new Error(`Prompt ${name} needs ${missing.map((arg) => arg.name).join(", ")}`);
  const safe = Object.fromEntries((prompt.arguments ?? []).filter((arg) => Object.hasOwn(given, arg.name)).map((arg) => [arg.name, ownValue(given, arg.name)!.trim()]));
  return { description: prompt.description, messages: [{ role: "user", content: { type: "text", text: prompt.render(safe) } }] };
}
