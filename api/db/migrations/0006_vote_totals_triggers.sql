-- Totals stay equal to the stored votes whatever deletes votes: a user's account deletion (the foreign
-- keys cascade to votes and series_voters), an admin's SQL, a seed reset. Votes are added by castVote,
-- which computes the same final score with panelrank_final_score.

-- The mean of the five category averages (a category without votes counts 0), rounded to 6 decimals the
-- way api/catalogue/categories.ts computeFinalScore does (same float8 operations in the same order, and
-- floor(x + 0.5) is JavaScript's Math.round for these positive values), so both always agree exactly.
CREATE OR REPLACE FUNCTION panelrank_final_score(
  story_total integer, story_count integer,
  characters_total integer, characters_count integer,
  worldbuilding_total integer, worldbuilding_count integer,
  art_total integer, art_count integer,
  drama_or_fight_total integer, drama_or_fight_count integer
) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor((
      0::float8
      + CASE WHEN story_count > 0 THEN story_total::float8 / story_count ELSE 0 END
      + CASE WHEN characters_count > 0 THEN characters_total::float8 / characters_count ELSE 0 END
      + CASE WHEN worldbuilding_count > 0 THEN worldbuilding_total::float8 / worldbuilding_count ELSE 0 END
      + CASE WHEN art_count > 0 THEN art_total::float8 / art_count ELSE 0 END
      + CASE WHEN drama_or_fight_count > 0 THEN drama_or_fight_total::float8 / drama_or_fight_count ELSE 0 END
    ) / 5 * 1000000 + 0.5) / 1000000
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION panelrank_votes_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE series_details AS d SET
    story_total = d.story_total - g.story_total,
    story_count = d.story_count - g.story_count,
    characters_total = d.characters_total - g.characters_total,
    characters_count = d.characters_count - g.characters_count,
    worldbuilding_total = d.worldbuilding_total - g.worldbuilding_total,
    worldbuilding_count = d.worldbuilding_count - g.worldbuilding_count,
    art_total = d.art_total - g.art_total,
    art_count = d.art_count - g.art_count,
    drama_or_fight_total = d.drama_or_fight_total - g.drama_or_fight_total,
    drama_or_fight_count = d.drama_or_fight_count - g.drama_or_fight_count,
    updated_at = now()
  FROM (
    SELECT series_id,
      coalesce(sum(score) FILTER (WHERE category = 'STORY'), 0) AS story_total,
      count(*) FILTER (WHERE category = 'STORY') AS story_count,
      coalesce(sum(score) FILTER (WHERE category = 'CHARACTERS'), 0) AS characters_total,
      count(*) FILTER (WHERE category = 'CHARACTERS') AS characters_count,
      coalesce(sum(score) FILTER (WHERE category = 'WORLD_BUILDING'), 0) AS worldbuilding_total,
      count(*) FILTER (WHERE category = 'WORLD_BUILDING') AS worldbuilding_count,
      coalesce(sum(score) FILTER (WHERE category = 'ART'), 0) AS art_total,
      count(*) FILTER (WHERE category = 'ART') AS art_count,
      coalesce(sum(score) FILTER (WHERE category = 'DRAMA_OR_FIGHT'), 0) AS drama_or_fight_total,
      count(*) FILTER (WHERE category = 'DRAMA_OR_FIGHT') AS drama_or_fight_count
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
--> statement-breakpoint
CREATE TRIGGER votes_deleted_keep_totals
  AFTER DELETE ON votes REFERENCING OLD TABLE AS removed_votes
  FOR EACH STATEMENT EXECUTE FUNCTION panelrank_votes_deleted();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION panelrank_voters_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE series AS s SET voter_count = s.voter_count - g.voters, updated_at = now()
  FROM (SELECT series_id, count(*) AS voters FROM removed_voters GROUP BY series_id) AS g
  WHERE s.id = g.series_id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER series_voters_deleted_keep_count
  AFTER DELETE ON series_voters REFERENCING OLD TABLE AS removed_voters
  FOR EACH STATEMENT EXECUTE FUNCTION panelrank_voters_deleted();
