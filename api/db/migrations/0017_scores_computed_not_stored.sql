DROP INDEX "series_ranking_idx";--> statement-breakpoint
DROP INDEX "series_type_ranking_idx";--> statement-breakpoint
ALTER TABLE "series" DROP COLUMN "final_score";--> statement-breakpoint
ALTER TABLE "series" DROP COLUMN "mean_score";--> statement-breakpoint
ALTER TABLE "ranking_priors" DROP COLUMN "rescored_at";--> statement-breakpoint
-- Scores are no longer stored: every reader computes them from the category totals and the ranking_priors
-- row (the snapshots in memory, SQL through series_scores below). Rewriting a stored score on every series
-- after each recomputation of the priors took 40 s at 100,000 series and held up reads throughout.
DROP FUNCTION panelrank_rescore_series(integer, integer);
--> statement-breakpoint
-- The means are recomputed by api/ranking/priors.ts, a slice of series at a time (one aggregate over every
-- detail row held the embedded engine, and every request with it, for up to 230 ms at 100,000 series).
DROP FUNCTION panelrank_refresh_ranking_priors(integer);
--> statement-breakpoint
-- Migration 0016's trigger function without the stored scores: the totals, counts and distributions only.
CREATE OR REPLACE FUNCTION panelrank_votes_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE series_details AS d SET
    story_total = d.story_total - g.story_total,
    story_count = d.story_count - g.story_count,
    story_distribution = panelrank_without_scores(d.story_distribution, g.story_scores),
    characters_total = d.characters_total - g.characters_total,
    characters_count = d.characters_count - g.characters_count,
    characters_distribution = panelrank_without_scores(d.characters_distribution, g.characters_scores),
    worldbuilding_total = d.worldbuilding_total - g.worldbuilding_total,
    worldbuilding_count = d.worldbuilding_count - g.worldbuilding_count,
    worldbuilding_distribution = panelrank_without_scores(d.worldbuilding_distribution, g.worldbuilding_scores),
    art_total = d.art_total - g.art_total,
    art_count = d.art_count - g.art_count,
    art_distribution = panelrank_without_scores(d.art_distribution, g.art_scores),
    drama_or_fight_total = d.drama_or_fight_total - g.drama_or_fight_total,
    drama_or_fight_count = d.drama_or_fight_count - g.drama_or_fight_count,
    drama_or_fight_distribution = panelrank_without_scores(d.drama_or_fight_distribution, g.drama_or_fight_scores),
    updated_at = now()
  FROM (
    SELECT series_id,
      coalesce(sum(score) FILTER (WHERE category = 'STORY'), 0) AS story_total,
      count(*) FILTER (WHERE category = 'STORY') AS story_count,
      array_agg(score) FILTER (WHERE category = 'STORY') AS story_scores,
      coalesce(sum(score) FILTER (WHERE category = 'CHARACTERS'), 0) AS characters_total,
      count(*) FILTER (WHERE category = 'CHARACTERS') AS characters_count,
      array_agg(score) FILTER (WHERE category = 'CHARACTERS') AS characters_scores,
      coalesce(sum(score) FILTER (WHERE category = 'WORLD_BUILDING'), 0) AS worldbuilding_total,
      count(*) FILTER (WHERE category = 'WORLD_BUILDING') AS worldbuilding_count,
      array_agg(score) FILTER (WHERE category = 'WORLD_BUILDING') AS worldbuilding_scores,
      coalesce(sum(score) FILTER (WHERE category = 'ART'), 0) AS art_total,
      count(*) FILTER (WHERE category = 'ART') AS art_count,
      array_agg(score) FILTER (WHERE category = 'ART') AS art_scores,
      coalesce(sum(score) FILTER (WHERE category = 'DRAMA_OR_FIGHT'), 0) AS drama_or_fight_total,
      count(*) FILTER (WHERE category = 'DRAMA_OR_FIGHT') AS drama_or_fight_count,
      array_agg(score) FILTER (WHERE category = 'DRAMA_OR_FIGHT') AS drama_or_fight_scores
    FROM removed_votes
    GROUP BY series_id
  ) AS g
  WHERE d.series_id = g.series_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Every series' final and mean scores, computed when read with the stored priors: the one place SQL gets a
-- score from (the reading lists' sorts and filters). Reading it for a few rows computes only those.
CREATE VIEW series_scores AS
  SELECT s.id AS series_id,
    panelrank_final_score(
      coalesce(d.story_total, 0), coalesce(d.story_count, 0),
      coalesce(d.characters_total, 0), coalesce(d.characters_count, 0),
      coalesce(d.worldbuilding_total, 0), coalesce(d.worldbuilding_count, 0),
      coalesce(d.art_total, 0), coalesce(d.art_count, 0),
      coalesce(d.drama_or_fight_total, 0), coalesce(d.drama_or_fight_count, 0),
      p.prior_votes, p.story_mean, p.characters_mean, p.worldbuilding_mean, p.art_mean, p.drama_or_fight_mean
    ) AS final_score,
    panelrank_mean_score(
      coalesce(d.story_total, 0), coalesce(d.story_count, 0),
      coalesce(d.characters_total, 0), coalesce(d.characters_count, 0),
      coalesce(d.worldbuilding_total, 0), coalesce(d.worldbuilding_count, 0),
      coalesce(d.art_total, 0), coalesce(d.art_count, 0),
      coalesce(d.drama_or_fight_total, 0), coalesce(d.drama_or_fight_count, 0)
    ) AS mean_score
  FROM series AS s
  LEFT JOIN series_details AS d ON d.series_id = s.id
  CROSS JOIN ranking_priors AS p;
