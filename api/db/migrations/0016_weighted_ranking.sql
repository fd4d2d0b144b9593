CREATE TABLE "ranking_priors" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"prior_votes" integer NOT NULL,
	"story_mean" double precision NOT NULL,
	"characters_mean" double precision NOT NULL,
	"worldbuilding_mean" double precision NOT NULL,
	"art_mean" double precision NOT NULL,
	"drama_or_fight_mean" double precision NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rescored_at" timestamp with time zone,
	CONSTRAINT "ranking_priors_single_row" CHECK ("ranking_priors"."id" = 1),
	CONSTRAINT "ranking_priors_prior_votes_positive" CHECK ("ranking_priors"."prior_votes" >= 1)
);
--> statement-breakpoint
CREATE TABLE "vote_bans" (
	"series_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"void_id" integer NOT NULL,
	CONSTRAINT "vote_bans_series_id_user_id_pk" PRIMARY KEY("series_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "vote_voids" (
	"id" serial PRIMARY KEY NOT NULL,
	"admin_id" integer,
	"admin_username" text NOT NULL,
	"user_ids" integer[] NOT NULL,
	"series_id" integer,
	"reason" text NOT NULL,
	"voided_votes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vote_voids_reason_length" CHECK (char_length("vote_voids"."reason") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "catalogue_change_marks" (
	"id" bigserial PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("catalogue_version"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "mean_score" double precision;--> statement-breakpoint
ALTER TABLE "vote_bans" ADD CONSTRAINT "vote_bans_series_id_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_bans" ADD CONSTRAINT "vote_bans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_bans" ADD CONSTRAINT "vote_bans_void_id_vote_voids_id_fk" FOREIGN KEY ("void_id") REFERENCES "public"."vote_voids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_voids" ADD CONSTRAINT "vote_voids_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vote_voids_created_idx" ON "vote_voids" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "votes_created_idx" ON "votes" USING btree ("created_at");
--> statement-breakpoint
-- The weighted ranking (api/ranking/scores.ts computeFinalScore is the TypeScript twin: the same float8
-- operations in the same order, and floor(x + 0.5) is JavaScript's Math.round for these positive values,
-- so both always agree exactly). A category without votes scores its catalogue mean.
DROP FUNCTION panelrank_final_score(integer, integer, integer, integer, integer, integer, integer, integer, integer, integer);
--> statement-breakpoint
CREATE FUNCTION panelrank_final_score(
  story_total integer, story_count integer,
  characters_total integer, characters_count integer,
  worldbuilding_total integer, worldbuilding_count integer,
  art_total integer, art_count integer,
  drama_or_fight_total integer, drama_or_fight_count integer,
  m integer, story_mean float8, characters_mean float8, worldbuilding_mean float8, art_mean float8,
  drama_or_fight_mean float8
) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor((
      0::float8
      + (story_total + m * story_mean) / (story_count + m)
      + (characters_total + m * characters_mean) / (characters_count + m)
      + (worldbuilding_total + m * worldbuilding_mean) / (worldbuilding_count + m)
      + (art_total + m * art_mean) / (art_count + m)
      + (drama_or_fight_total + m * drama_or_fight_mean) / (drama_or_fight_count + m)
    ) / 5 * 1000000 + 0.5) / 1000000
$$;
--> statement-breakpoint
-- The mean of the plain averages of the categories that have votes, null without votes (computeMeanScore).
CREATE FUNCTION panelrank_mean_score(
  story_total integer, story_count integer,
  characters_total integer, characters_count integer,
  worldbuilding_total integer, worldbuilding_count integer,
  art_total integer, art_count integer,
  drama_or_fight_total integer, drama_or_fight_count integer
) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN voted = 0 THEN NULL ELSE floor(total / voted * 1000000 + 0.5) / 1000000 END
  FROM (SELECT
      0::float8
      + CASE WHEN story_count > 0 THEN story_total::float8 / story_count ELSE 0 END
      + CASE WHEN characters_count > 0 THEN characters_total::float8 / characters_count ELSE 0 END
      + CASE WHEN worldbuilding_count > 0 THEN worldbuilding_total::float8 / worldbuilding_count ELSE 0 END
      + CASE WHEN art_count > 0 THEN art_total::float8 / art_count ELSE 0 END
      + CASE WHEN drama_or_fight_count > 0 THEN drama_or_fight_total::float8 / drama_or_fight_count ELSE 0 END AS total,
      (story_count > 0)::int + (characters_count > 0)::int + (worldbuilding_count > 0)::int + (art_count > 0)::int + (drama_or_fight_count > 0)::int AS voted) AS parts
$$;
--> statement-breakpoint
-- C_c from every vote's category totals (5.5, the scale's midpoint, for a category nobody voted in yet), and
-- the prior weight m: one row, upserted.
CREATE FUNCTION panelrank_refresh_ranking_priors(m integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO ranking_priors (id, prior_votes, story_mean, characters_mean, worldbuilding_mean, art_mean,
    drama_or_fight_mean, computed_at)
  SELECT 1, m,
    coalesce(sum(story_total)::float8 / nullif(sum(story_count), 0), 5.5),
    coalesce(sum(characters_total)::float8 / nullif(sum(characters_count), 0), 5.5),
    coalesce(sum(worldbuilding_total)::float8 / nullif(sum(worldbuilding_count), 0), 5.5),
    coalesce(sum(art_total)::float8 / nullif(sum(art_count), 0), 5.5),
    coalesce(sum(drama_or_fight_total)::float8 / nullif(sum(drama_or_fight_count), 0), 5.5),
    now()
  FROM series_details
  ON CONFLICT (id) DO UPDATE SET
    prior_votes = excluded.prior_votes,
    story_mean = excluded.story_mean,
    characters_mean = excluded.characters_mean,
    worldbuilding_mean = excluded.worldbuilding_mean,
    art_mean = excluded.art_mean,
    drama_or_fight_mean = excluded.drama_or_fight_mean,
    computed_at = excluded.computed_at
$$;
--> statement-breakpoint
-- Final and mean scores of the series with ids in [first_id, last_id] from the stored priors, writing only
-- the rows whose scores change; returns how many changed. Recomputations call it over id ranges, each its own
-- transaction, so the embedded engine answers other queries between two ranges. It does not count as a
-- change of the catalogue (catalogue_version): the recomputation announces itself and bumps the count once
-- when every range is done. So it runs alone in its transaction, or after the transaction's other writes.
CREATE FUNCTION panelrank_rescore_series(first_id integer, last_id integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  changed integer;
BEGIN
  PERFORM set_config('panelrank.catalogue_marked', 'on', true);
  WITH scored AS (
    SELECT s.id,
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
    CROSS JOIN ranking_priors AS p
    WHERE s.id BETWEEN first_id AND last_id
  ), updated AS (
    UPDATE series AS s SET final_score = scored.final_score, mean_score = scored.mean_score
    FROM scored
    WHERE s.id = scored.id
      AND (s.final_score IS DISTINCT FROM scored.final_score OR s.mean_score IS DISTINCT FROM scored.mean_score)
    RETURNING 1
  )
  SELECT count(*)::int INTO changed FROM updated;
  RETURN changed;
END
$$;
--> statement-breakpoint
-- Migration 0010's trigger function, now scoring with the priors and keeping the mean score.
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
      d.drama_or_fight_total, d.drama_or_fight_count,
      p.prior_votes, p.story_mean, p.characters_mean, p.worldbuilding_mean, p.art_mean, p.drama_or_fight_mean),
    mean_score = panelrank_mean_score(
      d.story_total, d.story_count, d.characters_total, d.characters_count,
      d.worldbuilding_total, d.worldbuilding_count, d.art_total, d.art_count,
      d.drama_or_fight_total, d.drama_or_fight_count),
    updated_at = now()
  FROM series_details AS d, ranking_priors AS p
  WHERE d.series_id = s.id AND s.id IN (SELECT series_id FROM removed_votes);
  RETURN NULL;
END
$$;
--> statement-breakpoint
SELECT panelrank_refresh_ranking_priors(10);
--> statement-breakpoint
SELECT panelrank_rescore_series(0, 2147483647);
--> statement-breakpoint
UPDATE ranking_priors SET rescored_at = computed_at;
--> statement-breakpoint
-- How many of `scores` are 1, 2, ... 10 (a ballot's addition to a category's distribution).
CREATE FUNCTION panelrank_score_counts(scores integer[]) RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg((SELECT count(*) FROM unnest(coalesce(scores, '{}')) AS s(score) WHERE s.score = k)::int ORDER BY k)
  FROM generate_series(1, 10) AS k
$$;
--> statement-breakpoint
-- Two distributions of ten counts added slot by slot.
CREATE FUNCTION panelrank_add_score_counts(a integer[], b integer[]) RETURNS integer[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_agg(a[k] + b[k] ORDER BY k) FROM generate_series(1, 10) AS k
$$;
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- The catalogue's change count (catalogue_version): once per transaction that changes series or
-- series_details, when it commits. A statement-level trigger marks the transaction by inserting a row into
-- catalogue_change_marks, once (a transaction-local setting remembers it): inserting a new row waits for
-- nobody. A deferred constraint trigger on that row runs at commit, after every other lock the transaction
-- took, bumps the count and deletes the mark. A count bumped in the middle of a transaction held its lock
-- from there on, and a save of a series' detail deadlocked with a deletion of that series.
CREATE FUNCTION panelrank_mark_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('panelrank.catalogue_marked', true) IS DISTINCT FROM 'on' THEN
    PERFORM set_config('panelrank.catalogue_marked', 'on', true);
    INSERT INTO catalogue_change_marks DEFAULT VALUES;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION panelrank_count_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
  DELETE FROM catalogue_change_marks WHERE id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER series_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON series
  FOR EACH STATEMENT EXECUTE FUNCTION panelrank_mark_catalogue_change();
--> statement-breakpoint
CREATE TRIGGER series_details_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON series_details
  FOR EACH STATEMENT EXECUTE FUNCTION panelrank_mark_catalogue_change();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER catalogue_change_counted AFTER INSERT ON catalogue_change_marks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION panelrank_count_catalogue_change();
--> statement-breakpoint
-- ALWAYS: the seed skips ordinary triggers with session_replication_role = replica, and a change it makes
-- must still reach running instances.
ALTER TABLE series ENABLE ALWAYS TRIGGER series_catalogue_changed;
--> statement-breakpoint
ALTER TABLE series_details ENABLE ALWAYS TRIGGER series_details_catalogue_changed;
--> statement-breakpoint
ALTER TABLE catalogue_change_marks ENABLE ALWAYS TRIGGER catalogue_change_counted;
