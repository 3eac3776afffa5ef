import { z } from "zod";
import type { YahooFinanceClient } from "../../prices/yahoo/yahoo-finance-client.js";
import { parseMapped } from "../feed-http.js";
import type { OptionChain, OptionContract, OptionsProvider } from "../port.js";
import { instantMs, isoDate, yahooNumber } from "./yahoo-values.js";
import { yahooFeedCall } from "./yahoo-feed-call.js";

const UPSTREAM = "Yahoo Finance options";

const ContractSchema = z.object({
  contractSymbol: z.string(),
  strike: z.number(),
  lastPrice: yahooNumber.optional(),
  bid: yahooNumber.optional(),
  ask: yahooNumber.optional(),
  volume: yahooNumber.optional(),
  openInterest: yahooNumber.optional(),
  impliedVolatility: yahooNumber.optional(),
  inTheMoney: z.boolean().optional(),
});
const ChainSchema = z.object({
  underlyingSymbol: z.string(),
  expirationDates: z.array(z.unknown()),
  quote: z.object({ regularMarketPrice: yahooNumber.optional() }).optional(),
  options: z.array(z.object({ expirationDate: z.unknown(), calls: z.array(ContractSchema), puts: z.array(ContractSchema) })),
});

function toContract(c: z.infer<typeof ContractSchema>): OptionContract {
  return {
    contract_symbol: c.contractSymbol,
    strike: c.strike,
    last: c.lastPrice ?? null,
    bid: c.bid ?? null,
    ask: c.ask ?? null,
    // Yahoo omits volume/open interest when none traded or was reported: absent stays null, never 0 by guess.
    volume: c.volume ?? null,
    open_interest: c.openInterest ?? null,
    implied_volatility: c.impliedVolatility ?? null,
    in_the_money: c.inTheMoney ?? null,
  };
}

/** An options answer (raw `optionChain.result[0]` or the library's) -> our chain. */
export function mapOptionChain(result: unknown): OptionChain {
  const r = parseMapped(UPSTREAM, ChainSchema, result);
  const expirations = r.expirationDates.map(instantMs).filter((ms): ms is number => ms !== null).map(isoDate);
  const first = r.options[0];
  const expMs = first === undefined ? null : instantMs(first.expirationDate);
  const hasContracts = first !== undefined && first.calls.length + first.puts.length > 0;
  return {
    symbol: r.underlyingSymbol,
    underlying_price: r.quote?.regularMarketPrice ?? null,
    expirations,
    expiration: hasContracts && expMs !== null ? isoDate(expMs) : null,
    calls: hasContracts ? first.calls.map(toContract) : [],
    puts: hasContracts ? first.puts.map(toContract) : [],
  };
}

export class YahooOptionsProvider implements OptionsProvider {
  constructor(private readonly yahoo: YahooFinanceClient) {}

  async chain(symbol: string, expiration?: string): Promise<OptionChain> {
    const options = expiration === undefined ? {} : { date: new Date(`${expiration}T00:00:00Z`) };
    const raw = await yahooFeedCall(symbol, () => this.yahoo.options(symbol, options, { validateResult: false }));
    return mapOptionChain(raw);
  }
}
