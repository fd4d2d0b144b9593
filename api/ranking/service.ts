import type { FastifyBaseLogger } from 'fastify';
import { VOTE_CATEGORIES, type RankingMethod } from '../../contract/catalogue';
import type { VoteAnomaly, VoteVoidPage } from '../../contract/vote-review';
import type { DatabaseHandle } from '../db/client';
import { runLeased } from '../plugins/scheduled-jobs';
import {
  castBallot,
  castVote,
  type BallotInput,
  type BallotOutcome,
  type VoteInput,
  type VoteOutcome,
} from './cast-vote';
import { readPriors, recomputePriors, unvotedPriors } from './priors';
import { Ranker } from './rank-order';
import type { RankingPriors } from './scores';
import { loadVoterScores, type VoterScores } from './voter-scores';
import { findVoteAnomalies, listVoteVoids, voidVotes, type VoidInput, type VoidOutcome } from './vote-review';

/** The change-feed topic of the ranking priors: a recomputation rescored the catalogue. */
export const RANKING_TOPIC = 'ranking';

const RECOMPUTE_JOB = 'ranking-priors';
/** Far longer than a recomputation takes (about 1 s at 100,000 series). */
const RECOMPUTE_LEASE_MS = 10 * 60_000;

export interface RankingFeed {
  subscribe(topic: string, handler: (change: { ids: number[] | null }) => void): void;
  publish(topic: string, ids: number[] | null): Promise<void>;
}

export interface RankingServiceOptions {
  database: Pick<DatabaseHandle, 'db' | 'pglite'>;
  /** m, RANKING_PRIOR_VOTES. */
  priorVotes: number;
  /** RANKING_MIN_VOTERS. */
  minVoters: number;
  /** VOTE_ANOMALY_MIN_VOTES: new accounts voting on a series within the window that make it unusual. */
  anomalyMinVoters: number;
  /**
   * Called after a committed write that changed some series' votes outside the vote statements (a void):
   * the catalogue patches its snapshot and tells the other instances.
   */
  catalogueChanged: (ids: number[]) => Promise<void>;
  feed: RankingFeed;
  log: FastifyBaseLogger;
}

/**
 * The ranking: what a vote is and how it is recorded, how scores are weighted (the priors `m` and `C_c`),
 * who is ranked and in what order (`ranker`). Votes move only their own series; a recomputation of the
 * priors rescores the whole catalogue once, and every instance is told (`onRescored`).
 */
export class RankingService {
  readonly ranker: Ranker;
  private priors: RankingPriors | undefined;
  private readonly rescoredListeners: (() => Promise<void> | void)[] = [];

  constructor(private readonly options: RankingServiceOptions) {
    this.ranker = new Ranker(options.minVoters, unvotedPriors(options.priorVotes));
    options.feed.subscribe(RANKING_TOPIC, () => void this.priorsChanged());
  }

  /** Records one vote with everything derived from it (cast-vote.ts). */
  vote(input: VoteInput): Promise<VoteOutcome> {
    return castVote(this.options.database, input);
  }

  /** Records a ballot of one category or several in one statement; categories already voted stay as they were. */
  castBallot(input: BallotInput): Promise<BallotOutcome> {
    return castBallot(this.options.database, input);
  }

  /** A caller's own scores on a series (none for an unknown caller). */
  voterScores(seriesId: number, userId: number | undefined): Promise<VoterScores> {
    return loadVoterScores(this.options.database.db, seriesId, userId);
  }

  /** Series with unusual voting lately, with the new accounts that voted on them (vote-review.ts). */
  voteAnomalies(): Promise<VoteAnomaly[]> {
    return findVoteAnomalies(this.options.database.db, this.options.anomalyMinVoters);
  }

  /**
   * Voids accounts' votes on a series or on every series (vote-review.ts: one transaction with the totals,
   * scores, voter counts, the bans and the log entry), then, once committed, has the catalogue patch the
   * series here and on every other instance. Resolves when this instance's reads show the void.
   */
  async voidVotes(input: VoidInput): Promise<VoidOutcome> {
    const outcome = await voidVotes(this.options.database.db, input);
    if (outcome.outcome === 'voided' && outcome.seriesIds.length > 0) {
      await this.options.catalogueChanged(outcome.seriesIds);
    }
    return outcome;
  }

  /** A page of the "Voided votes" log, newest first. */
  voteVoids(page: number): Promise<VoteVoidPage> {
    return listVoteVoids(this.options.database.db, page);
  }

  /** The priors every score is computed with, as stored (read once, then kept until a recomputation). */
  async currentPriors(): Promise<RankingPriors> {
    return this.priors ?? this.setPriors(await readPriors(this.options.database.db, this.options.priorVotes));
  }

  /** The service's and the ranker's priors: the snapshot scores every series with them from here on. */
  private setPriors(priors: RankingPriors): RankingPriors {
    this.priors = priors;
    this.ranker.priors = priors;
    return priors;
  }

  /** GET /series/ranking-method. */
  async method(): Promise<RankingMethod> {
    const priors = await this.currentPriors();
    return {
      prior_votes: priors.priorVotes,
      min_voters: this.ranker.minVoters,
      category_means: Object.fromEntries(
        VOTE_CATEGORIES.map(({ category, field }) => [field, priors.categoryMeans[category]]),
      ) as RankingMethod['category_means'],
      computed_at: priors.computedAt.toISOString(),
    };
  }

  /**
   * `listener` runs on every instance once a recomputation stored new priors (the ranker has them); on the
   * instance that recomputed, `recompute` resolves once its promise settles.
   */
  onRescored(listener: () => Promise<void> | void): void {
    this.rescoredListeners.push(listener);
  }

  /**
   * Recomputes the priors, if this instance takes the job's lease (one instance at a time across all of
   * them). When the means or `m` moved, every instance is told, rereads them and rescores its snapshot in
   * memory; nothing stored needs rewriting, since no score is stored. This instance has rescored when the
   * promise resolves (its reads never mix scores of two priors after it); the others as soon as they read
   * the notice. A run whose means and `m` came out as stored tells nobody.
   */
  async recompute({ quietMs = 0 }: { quietMs?: number } = {}): Promise<{ ran: boolean; changed: boolean }> {
    const run = await runLeased(
      this.options.database.db,
      { name: RECOMPUTE_JOB, leaseMs: RECOMPUTE_LEASE_MS, quietMs },
      () => recomputePriors(this.options.database.db, this.options.priorVotes),
    );
    if (!run.ran) return { ran: false, changed: false };
    const { priors, changed } = run.result;
    this.setPriors(priors);
    if (changed) await Promise.all([this.options.feed.publish(RANKING_TOPIC, null), this.rescored()]);
    return { ran: true, changed };
  }

  private async priorsChanged(): Promise<void> {
    try {
      this.setPriors(await readPriors(this.options.database.db, this.options.priorVotes));
    } catch (error) {
      // The previous priors stand until the next announcement or recomputation.
      this.options.log.error({ err: error }, 'reading the ranking priors failed');
    }
    await this.rescored();
  }

  private async rescored(): Promise<void> {
    await Promise.all(this.rescoredListeners.map((listener) => listener()));
  }
}
