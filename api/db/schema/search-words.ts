import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';

const ids = (name: string) =>
  integer(name)
    .array()
    .notNull()
    .default(sql`'{}'::integer[]`);

/**
 * Every word of every series' names (`series.name_keys` split at spaces) with the series that have it: the
 * vocabulary a one-word term is looked for in (the series with a word containing it, and whether a name
 * starts with that word or is it), and a typo's words are corrected against. Kept by triggers on `series`
 * (migration 0020), so every writer (the API, another instance, a script, SQL by hand) keeps it true.
 *
 * Why beside `series`: the vocabulary is a few thousand to a few hundred thousand short words, so finding
 * the words containing or like a term's word costs a fraction of a millisecond, where the same over every
 * series' whole key rechecks thousands of rows; and the series having a common word (thousands) are one
 * array here, where reading them from `series` visits a table page per series.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    /** The series with this word in a name, in no order (a word no series has any more is dropped). */
    seriesIds: ids('series_ids'),
    /** Those of them with a name starting with this word (a term inside it is a name's prefix there). */
    startingIds: ids('starting_ids'),
    /** Those of them with a name that is this word alone. */
    namedIds: ids('named_ids'),
  },
  // Without the fast-update pending list: the embedded engine has no autovacuum to merge it, and every scan
  // reads the whole list (a few new words an edit; the bulk is added before the index is built).
  (t) => [
    index('search_words_trgm_idx')
      .using('gin', sql`${t.word} gin_trgm_ops`)
      .with({ fastupdate: false }),
  ],
);
