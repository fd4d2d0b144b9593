ALTER TABLE "series" ADD COLUMN "mal_id" integer;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "anilist_id" integer;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "mangaupdates_id" text;--> statement-breakpoint
ALTER TABLE "series_details" ADD COLUMN "story_distribution" integer[] DEFAULT '{0,0,0,0,0,0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "series_details" ADD COLUMN "characters_distribution" integer[] DEFAULT '{0,0,0,0,0,0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "series_details" ADD COLUMN "worldbuilding_distribution" integer[] DEFAULT '{0,0,0,0,0,0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "series_details" ADD COLUMN "art_distribution" integer[] DEFAULT '{0,0,0,0,0,0,0,0,0,0}' NOT NULL;--> statement-breakpoint
ALTER TABLE "series_details" ADD COLUMN "drama_or_fight_distribution" integer[] DEFAULT '{0,0,0,0,0,0,0,0,0,0}' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "series_mal_id_key" ON "series" USING btree ("mal_id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_anilist_id_key" ON "series" USING btree ("anilist_id");--> statement-breakpoint
CREATE UNIQUE INDEX "series_mangaupdates_id_key" ON "series" USING btree ("mangaupdates_id");--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_mal_id_positive" CHECK ("series"."mal_id" > 0);--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_anilist_id_positive" CHECK ("series"."anilist_id" > 0);--> statement-breakpoint
ALTER TABLE "series" ADD CONSTRAINT "series_mangaupdates_id_format" CHECK ("series"."mangaupdates_id" ~ '^[a-z0-9]{1,20}$');--> statement-breakpoint
-- ===== Hand-written (keep when regenerating or renumbering this migration) =====
-- Score distributions: backfilled here from the stored votes, then kept by castVote
-- (api/voting/cast-vote.ts) for new votes and by the votes delete trigger below for deleted ones (an
-- account deletion's cascade, a series reset, SQL by hand), in the deleting transaction.
UPDATE series_details AS d SET
  story_distribution = g.story_distribution,
  characters_distribution = g.characters_distribution,
  worldbuilding_distribution = g.worldbuilding_distribution,
  art_distribution = g.art_distribution,
  drama_or_fight_distribution = g.drama_or_fight_distribution
FROM (
  SELECT per_score.series_id,
    array_agg(per_score.story::int ORDER BY per_score.score) AS story_distribution,
    array_agg(per_score.characters::int ORDER BY per_score.score) AS characters_distribution,
    array_agg(per_score.worldbuilding::int ORDER BY per_score.score) AS worldbuilding_distribution,
    array_agg(per_score.art::int ORDER BY per_score.score) AS art_distribution,
    array_agg(per_score.drama_or_fight::int ORDER BY per_score.score) AS drama_or_fight_distribution
  FROM (
    SELECT voted.series_id, s.score,
      count(v.score) FILTER (WHERE v.category = 'STORY') AS story,
      count(v.score) FILTER (WHERE v.category = 'CHARACTERS') AS characters,
      count(v.score) FILTER (WHERE v.category = 'WORLD_BUILDING') AS worldbuilding,
      count(v.score) FILTER (WHERE v.category = 'ART') AS art,
      count(v.score) FILTER (WHERE v.category = 'DRAMA_OR_FIGHT') AS drama_or_fight
    FROM (SELECT DISTINCT series_id FROM votes) AS voted
    CROSS JOIN generate_series(1, 10) AS s(score)
    LEFT JOIN votes AS v ON v.series_id = voted.series_id AND v.score = s.score
    GROUP BY voted.series_id, s.score
  ) AS per_score
  GROUP BY per_score.series_id
) AS g
WHERE d.series_id = g.series_id;
--> statement-breakpoint
-- A distribution less some removed scores (each removed score takes one from its slot).
CREATE OR REPLACE FUNCTION panelrank_without_scores(distribution integer[], removed smallint[])
RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(
    distribution[s.score] - (SELECT count(*) FROM unnest(removed) AS r(score) WHERE r.score = s.score)::int
    ORDER BY s.score)
  FROM generate_series(1, 10) AS s(score)
$$;
--> statement-breakpoint
-- Migration 0006's trigger function, now taking deleted votes out of the distributions too.
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

  UPDATE series AS s SET
    final_score = panelrank_final_score(
      d.story_total, d.story_count, d.characters_total, d.characters_count,
      d.worldbuilding_total, d.worldbuilding_count, d.art_total, d.art_count,
      d.drama_or_fight_total, d.drama_or_fight_count),
    updated_at = now()
  FROM series_details AS d
  WHERE d.series_id = s.id AND s.id IN (SELECT series_id FROM removed_votes);
  RETURN NULL;
END
$$;
