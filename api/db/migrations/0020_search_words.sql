-- The names' vocabulary with the series having each word (api/db/schema/search-words.ts): a one-word
-- term is looked for in it, and typos are corrected against it.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL,
	"series_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"starting_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"named_ids" integer[] DEFAULT '{}'::integer[] NOT NULL
);
--> statement-breakpoint
-- The words of a series' names (their keys), each once: whether a name starts with it, whether a name is it.
CREATE OR REPLACE FUNCTION search_word_uses(name_keys text[]) RETURNS TABLE (word text, starts boolean, named boolean)
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT used.word, bool_or(used.position = 1), bool_or(used.position = 1 AND used.words = 1)
  FROM unnest(name_keys) AS name(key),
    LATERAL (SELECT given.word, given.position, cardinality(string_to_array(name.key, ' ')) AS words
      FROM unnest(string_to_array(name.key, ' ')) WITH ORDINALITY AS given(word, position)) AS used
  WHERE used.word <> ''
  GROUP BY used.word
$$;--> statement-breakpoint
-- Every word the names have now. Before the index: one build is far cheaper than 100,000 series' words
-- added one by one.
INSERT INTO search_words (word, series_ids, starting_ids, named_ids)
  SELECT uses.word, array_agg(series.id),
    coalesce(array_agg(series.id) FILTER (WHERE uses.starts), '{}'),
    coalesce(array_agg(series.id) FILTER (WHERE uses.named), '{}')
  FROM series, search_word_uses(series.name_keys) AS uses
  GROUP BY uses.word;--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);
--> statement-breakpoint
-- Uses gained (word, series, and whether a name starts with or is the word): appended to the words'
-- arrays, the words created when new. Rows are taken in word order, so two writers lock shared words in
-- the same order and never wait for each other in a circle.
CREATE OR REPLACE FUNCTION search_words_add(words text[], ids integer[], starts boolean[], named boolean[])
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_words AS known (word, series_ids, starting_ids, named_ids)
    SELECT gained.word, array_agg(gained.id),
      coalesce(array_agg(gained.id) FILTER (WHERE gained.starts), '{}'),
      coalesce(array_agg(gained.id) FILTER (WHERE gained.named), '{}')
    FROM unnest(words, ids, starts, named) AS gained(word, id, starts, named)
    GROUP BY gained.word ORDER BY gained.word
    ON CONFLICT (word) DO UPDATE SET series_ids = known.series_ids || excluded.series_ids,
      starting_ids = known.starting_ids || excluded.starting_ids, named_ids = known.named_ids || excluded.named_ids
$$;--> statement-breakpoint
-- Uses lost (word, series): the series taken out of the words' arrays, and a word no series has any more
-- dropped (it would only offer a correction that finds nothing).
CREATE OR REPLACE FUNCTION search_words_remove(words text[], ids integer[]) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM search_words WHERE word = ANY(words) ORDER BY word FOR UPDATE;
  UPDATE search_words SET
      series_ids = array(SELECT id FROM unnest(series_ids) AS id WHERE id <> ALL(lost.ids)),
      starting_ids = array(SELECT id FROM unnest(starting_ids) AS id WHERE id <> ALL(lost.ids)),
      named_ids = array(SELECT id FROM unnest(named_ids) AS id WHERE id <> ALL(lost.ids))
    FROM (SELECT word, array_agg(id) AS ids FROM unnest(words, ids) AS pairs(word, id) GROUP BY word) AS lost
    WHERE search_words.word = lost.word;
  DELETE FROM search_words WHERE word = ANY(words) AND series_ids = '{}';
END $$;--> statement-breakpoint
-- Statement-level with transition tables: a bulk insert of thousands of series updates each word once.
CREATE OR REPLACE FUNCTION series_search_words_inserted() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE words text[]; ids integer[]; starts boolean[]; named boolean[];
BEGIN
  SELECT array_agg(uses.word), array_agg(written.id), array_agg(uses.starts), array_agg(uses.named)
    INTO words, ids, starts, named
    FROM written, search_word_uses(written.name_keys) AS uses;
  IF words IS NOT NULL THEN PERFORM search_words_add(words, ids, starts, named); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- Only the series whose names changed: their old uses go, their new ones come.
CREATE OR REPLACE FUNCTION series_search_words_updated() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE words text[]; ids integer[]; starts boolean[]; named boolean[];
BEGIN
  SELECT array_agg(uses.word), array_agg(before_rows.id), array_agg(uses.starts), array_agg(uses.named)
    INTO words, ids, starts, named
    FROM before_rows, search_word_uses(before_rows.name_keys) AS uses
    WHERE before_rows.search_key IS DISTINCT FROM
      (SELECT after_rows.search_key FROM after_rows WHERE after_rows.id = before_rows.id);
  IF words IS NOT NULL THEN PERFORM search_words_remove(words, ids); END IF;
  SELECT array_agg(uses.word), array_agg(after_rows.id), array_agg(uses.starts), array_agg(uses.named)
    INTO words, ids, starts, named
    FROM after_rows, search_word_uses(after_rows.name_keys) AS uses
    WHERE after_rows.search_key IS DISTINCT FROM
      (SELECT before_rows.search_key FROM before_rows WHERE before_rows.id = after_rows.id);
  IF words IS NOT NULL THEN PERFORM search_words_add(words, ids, starts, named); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION series_search_words_deleted() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE words text[]; ids integer[]; starts boolean[]; named boolean[];
BEGIN
  SELECT array_agg(uses.word), array_agg(gone.id), array_agg(uses.starts), array_agg(uses.named)
    INTO words, ids, starts, named
    FROM gone, search_word_uses(gone.name_keys) AS uses;
  IF words IS NOT NULL THEN PERFORM search_words_remove(words, ids); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER series_search_words_insert AFTER INSERT ON series
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION series_search_words_inserted();--> statement-breakpoint
CREATE TRIGGER series_search_words_update AFTER UPDATE ON series
  REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows
  FOR EACH STATEMENT EXECUTE FUNCTION series_search_words_updated();--> statement-breakpoint
CREATE TRIGGER series_search_words_delete AFTER DELETE ON series
  REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION series_search_words_deleted();--> statement-breakpoint
-- pg_trgm declares its similarity operators (`%`, `<%`, `%>`) as cheap as comparing two integers, so on a
-- small vocabulary the planner prefers reading every word and comparing each (about 1 µs a word on the
-- embedded engine: 3 ms for 3,000 words) to the trigram index (0.2 ms). Their real cost, told to the
-- planner. A role that does not own the extension may not change it; the search is then slower on a small
-- vocabulary, not wrong.
DO $$
BEGIN
  ALTER FUNCTION similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_op(text, text) COST 100;
  ALTER FUNCTION word_similarity_commutator_op(text, text) COST 100;
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm similarity operators keep their default cost (not the owner)';
END $$;
