import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, pgTable, smallint, timestamp } from 'drizzle-orm/pg-core';

/**
 * The one row of values the weighted ranking shrinks small samples toward: the prior weight `m`
 * (RANKING_PRIOR_VOTES when last recomputed) and `C_c`, the mean of every vote in each category. One
 * instance recomputes it at start-up and on RANKING_PRIOR_REFRESH; every instance, vote and build reads
 * it, so all rank with the same values. Between recomputations a vote moves only its own series.
 */
export const rankingPriors = pgTable(
  'ranking_priors',
  {
    id: smallint('id').primaryKey().default(1),
    priorVotes: integer('prior_votes').notNull(),
    storyMean: doublePrecision('story_mean').notNull(),
    charactersMean: doublePrecision('characters_mean').notNull(),
    worldbuildingMean: doublePrecision('worldbuilding_mean').notNull(),
    artMean: doublePrecision('art_mean').notNull(),
    dramaOrFightMean: doublePrecision('drama_or_fight_mean').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ranking_priors_single_row', sql`${t.id} = 1`),
    check('ranking_priors_prior_votes_positive', sql`${t.priorVotes} >= 1`),
  ],
);

export type RankingPriorsRow = typeof rankingPriors.$inferSelect;
