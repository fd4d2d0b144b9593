import { doublePrecision, integer, pgView } from 'drizzle-orm/pg-core';

/**
 * Every series' final and mean scores, computed when read from its category totals and the ranking_priors
 * row (migration 0017 defines the view over panelrank_final_score and panelrank_mean_score, the SQL twins of
 * api/ranking/scores.ts). Scores are not stored: a recomputation of the priors changes every score at once
 * and rewriting them all held up reads for 40 s at 100,000 series. The snapshots in memory score the same
 * way from the same row.
 */
export const seriesScores = pgView('series_scores', {
  seriesId: integer('series_id').notNull(),
  finalScore: doublePrecision('final_score').notNull(),
  /** Null without votes. */
  meanScore: doublePrecision('mean_score'),
}).existing();
