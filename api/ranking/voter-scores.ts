import { and, eq } from 'drizzle-orm';
import type { VoteCategoryLabel } from '../../contract/catalogue';
import type { Database } from '../db/client';
import { categoryLabel, votes, type VoteCategory } from '../db/schema';

/** A voter's own scores on one series, by category label (the `vote_scores` of a detail). */
export type VoterScores = Partial<Record<VoteCategoryLabel, number>>;

/** The voter's own scores on a series, read through the (user, series) vote index; none for no voter. */
export async function loadVoterScores(
  db: Database,
  seriesId: number,
  userId: number | undefined,
): Promise<VoterScores> {
  if (userId === undefined) return {};
  const rows = await db
    .select({ category: votes.category, score: votes.score })
    .from(votes)
    .where(and(eq(votes.userId, userId), eq(votes.seriesId, seriesId)));
  return Object.fromEntries(rows.map((row) => [categoryLabel(row.category), row.score]));
}

/** The voter's scores from `[category, score]` pairs (as SQL's json_agg packs them), by category label. */
export function voterScoresFromPairs(pairs: readonly (readonly [VoteCategory, number])[]): VoterScores {
  return Object.fromEntries(pairs.map(([category, score]) => [categoryLabel(category), score]));
}
