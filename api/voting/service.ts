import type { SeriesDetail } from '../../contract/catalogue';
import type { CatalogueService } from '../catalogue/service';
import type { DatabaseHandle } from '../db/client';
import { castVote, type VoteInput } from './cast-vote';

/** A vote's outcome: cast, with the series' detail as the vote left it; or refused, and why. */
export type VoteResult =
  { outcome: 'cast'; detail: SeriesDetail } | { outcome: 'duplicate' } | { outcome: 'series-not-found' };

/**
 * Votes: one per user, series and category, recorded with everything derived from it in one statement
 * (cast-vote.ts). The catalogue then takes the vote into its ranking and presents the series as the vote
 * left it (`afterVote`), so the voter's next read shows the vote.
 */
export class VotingService {
  constructor(
    private readonly database: Pick<DatabaseHandle, 'db' | 'pglite'>,
    private readonly catalogue: Pick<CatalogueService, 'afterVote'>,
  ) {}

  async vote(vote: VoteInput): Promise<VoteResult> {
    const cast = await castVote(this.database, vote);
    if (cast.outcome !== 'cast') return cast;
    return { outcome: 'cast', detail: await this.catalogue.afterVote(cast.row, cast.scores) };
  }
}
