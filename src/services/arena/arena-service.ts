import { AppError } from "../../domain/app-error.js";
import { roundState, type ArenaEntry, type ArenaRound, type RoundState, type Sponsorship } from "../../domain/arena.js";
import type { Clock } from "../../domain/clock.js";
import type { ArenaEntries } from "../../storage/repos/arena-entries.js";
import type { ArenaRounds } from "../../storage/repos/arena-rounds.js";
import type { ArenaSponsorships } from "../../storage/repos/arena-sponsorships.js";
import { seasonOf, SPONSORS_SHOWN } from "../../domain/arena-rules.js";

/** A labelled ad from the ad network for a placement; the arena always marks it sponsored. */
export interface SponsoredItem {
  title: string;
  url: string;
  description: string;
  campaignId: string | null;
}

/** The ad network's slot for a placement (default: none). */
export type SponsoredFor = (placement: string) => Promise<SponsoredItem | null>;
export const ROUNDS_PLACEMENT = "arena_rounds";
export const noSponsoredSlot: SponsoredFor = async () => null;

export interface RoundListing {
  state: RoundState;
  rounds: ArenaRound[];
  nowMs: number;
  season: ReturnType<typeof seasonOf>;
  sponsors: Sponsorship[];
  sponsoredItem: SponsoredItem | null;
}

/** The round listing and entering a round. */
export class ArenaService {
  constructor(
    private readonly rounds: ArenaRounds,
    private readonly entries: ArenaEntries,
    private readonly sponsorships: ArenaSponsorships,
    private readonly clock: Clock,
    private readonly sponsoredFor: SponsoredFor = noSponsoredSlot,
  ) {}

  async list(query: { state: RoundState; coin?: string; limit: number }): Promise<RoundListing> {
    const nowMs = this.clock.nowMs();
    const season = seasonOf(nowMs);
    const [rounds, sponsors, sponsoredItem] = await Promise.all([
      this.rounds.list({ ...query, nowMs }),
      this.sponsorships.ofSeason(season.id, SPONSORS_SHOWN),
      // An ad network in trouble must not take the free listing down with it.
      this.sponsoredFor(ROUNDS_PLACEMENT).catch(() => null),
    ]);
    return { state: query.state, rounds, nowMs, season, sponsors, sponsoredItem };
  }

  /**
   * Enters p for an agent. Checks, in order: the round exists (404), the agent key is not bound to another
   * wallet (403), the round is open (409), the agent has not entered it (409). Nothing is written on error.
   */
  async predict(input: { agent: string; roundId: string; p: number; payer: string | undefined; requestId: string }): Promise<{ entry: ArenaEntry; round: ArenaRound; nowMs: number }> {
    if (input.payer === undefined) throw new Error("arena predict needs the verified payer");
    const payer = input.payer;
    const round = await this.rounds.get(input.roundId);
    if (round === undefined) throw new AppError("NOT_FOUND", `Unknown round ${input.roundId}; see /api/arena/rounds for open rounds`);
    await this.assertOwnAgent(input.agent, payer);
    const nowMs = this.clock.nowMs();
    const state = roundState(round, nowMs);
    if (state !== "open") {
      throw new AppError("CONFLICT", `Round ${round.roundId} is ${state} (entries closed at ${new Date(round.lockAtMs).toISOString()}); nothing was charged`);
    }
    const entry: ArenaEntry = { roundId: round.roundId, agent: input.agent, p: input.p, payer, enteredAtMs: nowMs };
    const result = await this.entries.enter({ ...entry, requestId: input.requestId });
    if (result.kind === "bound_to_other") throw boundElsewhere(input.agent);
    if (result.kind === "duplicate") {
      const earlier = await this.entries.entryOf(round.roundId, input.agent);
      throw new AppError("CONFLICT", `Agent ${input.agent} already entered round ${round.roundId} (p = ${earlier?.p}); one entry per agent per round; nothing was charged`);
    }
    return { entry: { ...entry, payer: payer.toLowerCase() }, round: { ...round, entrants: round.entrants + 1 }, nowMs };
  }

  /** Takes back an entry whose payment failed to settle (and the binding it made). */
  async withdraw(entry: { roundId: string; agent: string }, requestId: string): Promise<void> {
    await this.entries.withdraw(entry.roundId, entry.agent, requestId);
  }

  /** 403 unless the agent key is unbound or bound to this wallet. */
  async assertOwnAgent(agent: string, payer: string): Promise<"bound" | "unbound"> {
    const wallet = await this.entries.walletOf(agent);
    if (wallet === undefined) return "unbound";
    if (wallet !== payer.toLowerCase()) throw boundElsewhere(agent);
    return "bound";
  }
}

const boundElsewhere = (agent: string) =>
  new AppError("FORBIDDEN", `Agent key ${agent} is bound to another wallet (the one that paid its first entry); choose another key; nothing was charged`);
