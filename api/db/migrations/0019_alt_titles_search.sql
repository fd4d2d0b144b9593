-- Search by any name (title, alternative titles, author, artist): case-, accent- and punctuation-blind
-- keys, trigram-indexed (pg_trgm, migration 0000) so substring, prefix and typo-tolerant matches use the
-- index. unaccent() is STABLE (its dictionary could change), so generated columns and index expressions
-- call it through IMMUTABLE wrappers naming the dictionary explicitly.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- A name's search key: accents dropped, lower case, every run of punctuation, symbols and spaces (ASCII,
-- Latin-1, general and CJK punctuation, full-width forms) one space, trimmed. Letters and digits of every
-- script stay, so CJK text is matched inside.
CREATE OR REPLACE FUNCTION search_key(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, value)),
    '[^a-z0-9\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u1fff\u2070-\u2fff\u3040-\ufeff\uff10-\uff19\uff21-\uff3a\uff41-\uff5a\uff66-\U0010ffff]+',
    ' ', 'g')) $$;--> statement-breakpoint
-- The keys of several names, in order.
CREATE OR REPLACE FUNCTION search_keys(names text[]) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT coalesce(array_agg(search_key(name) ORDER BY position), '{}')
    FROM unnest(names) WITH ORDINALITY AS given(name, position) $$;--> statement-breakpoint
-- The keys of several names as one text (" | " between them: no match spans two names).
CREATE OR REPLACE FUNCTION search_keys_text(names text[]) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array_to_string(search_keys(names), ' | ') $$;--> statement-breakpoint
DROP INDEX "series_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "alt_titles" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "name_keys" text[] GENERATED ALWAYS AS (search_keys(array["series"."title"] || "series"."alt_titles" || array["series"."author", "series"."artist"])) STORED;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "search_key" text GENERATED ALWAYS AS (search_keys_text(array["series"."title"] || "series"."alt_titles" || array["series"."author", "series"."artist"])) STORED;--> statement-breakpoint
CREATE INDEX "series_search_key_trgm_idx" ON "series" USING gin ("search_key" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "series" DROP COLUMN "search_text";