-- The names' vocabulary is kept by triggers on `series`; a bulk load may set session_replication_role to
-- replica for its transaction to skip foreign-key checks (the demo seed does), which skips ordinary
-- triggers too and left the vocabulary without the loaded series' words. These fire in every mode.
ALTER TABLE series ENABLE ALWAYS TRIGGER series_search_words_insert;--> statement-breakpoint
ALTER TABLE series ENABLE ALWAYS TRIGGER series_search_words_update;--> statement-breakpoint
ALTER TABLE series ENABLE ALWAYS TRIGGER series_search_words_delete;--> statement-breakpoint
-- Databases loaded meanwhile: the vocabulary again from every series' names.
DELETE FROM search_words;--> statement-breakpoint
INSERT INTO search_words (word, series_ids, starting_ids, named_ids)
  SELECT uses.word, array_agg(series.id),
    coalesce(array_agg(series.id) FILTER (WHERE uses.starts), '{}'),
    coalesce(array_agg(series.id) FILTER (WHERE uses.named), '{}')
  FROM series, search_word_uses(series.name_keys) AS uses
  GROUP BY uses.word;
