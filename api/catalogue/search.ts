import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client';
import { queryRowsPrepared } from '../db/prepared-query';
import { searchWords, series, type SeriesType } from '../db/schema';
import type { SearchMatch } from './relevance';
import type { Correction, SeriesNames } from './similar-names';

type Reader = Pick<DatabaseHandle, 'db' | 'pglite'>;

/** What a term finds in one statement: the series containing it, and when too few do, its corrections. */
export interface TermMatches {
  /** The term's search key (lower case, accents and punctuation dropped), as names' keys are written. */
  key: string;
  /** Every series a name of which contains the term, each with its tier (exact, prefix, word or inside). */
  containing: SearchMatch[];
  /**
   * Per word of the term (at most TERM_WORDS), the names' words it may stand for, best first; null when
   * enough series contain the term that no similar one would be shown, or when some word is like none.
   */
  corrections: Correction[][] | null;
  /** pg_trgm.word_similarity_threshold: how similar, on average, a series' words must be to the term's. */
  threshold: number;
}

/** Words of a term corrected at most (a longer term's further words are not required of similar names). */
const TERM_WORDS = 8;
/** Corrections per word at most: a typo is usually one letter from one or two words, seldom more. */
const CORRECTIONS_PER_WORD = 5;

/**
 * The series one of whose names (title, alternative titles, author, artist) contains the term, and, when
 * fewer than `wanted` do, what each word of the term may stand for (see relevance.ts for the tiers). Names
 * and term are compared as search keys (migration 0019's `search_key`: lower case, accents and
 * punctuation dropped), so "pokemon" finds "Pokémon" and "re zero" "Re:Zero".
 *
 * Containing, a one-word term: the names' words containing it (`search_words`, migration 0020, whose
 * trigram index serves the `like`, also inside CJK text), and the series having them: exact where a name is
 * the term, prefix where a name starts with a word starting with it, whole word where a word is it, inside
 * otherwise. A common word's thousands of series are a few arrays, not a table page each.
 *
 * Containing, a term of several words: the trigram index on `series.search_key` (every name key in one
 * text, " | " between them) serves the `like`; the tier is read off that one text with a few string
 * searches (exact: " | key | "; prefix: " | key"; whole word: " key "), so no per-name work.
 * Type: the phrase filters by it here; a word's series are filtered by the caller (they carry no type).
 *
 * Corrections: each word of the term against the names' vocabulary (`search_words`, migration 0020) with
 * pg_trgm's `%`, which the vocabulary's own trigram index serves in a fraction of a millisecond; the same
 * asked of every series' whole key rechecks thousands of candidates for a typo of a common word. They are
 * looked up only when fewer than `wanted` series contain the term (a one-time filter), or always within a
 * type (the words' series carry no type, so how many of them are of the type is known only after).
 *
 * One statement, prepared once on the embedded engine (which plans in the API's process): the term's key
 * is computed once (the `term` row) and every use reads it, so the plan does not depend on the term and is
 * kept. The key has no `%`, `_` or backslash (punctuation is dropped), so it is a safe `like` pattern. One
 * row of JSON: a broad term can match thousands of series, and the embedded engine's cost is per row.
 */
export async function findTermMatches(
  database: Reader,
  term: string,
  type: SeriesType | undefined,
  wanted: number,
): Promise<TermMatches> {
  const names = sql`(' | ' || s.search_key || ' | ')`;
  const [row] = await queryRowsPrepared<{
    key: string;
    containing: string;
    corrections: string;
    threshold: string;
  }>(
    database,
    sql`with term as materialized (select search_key(${term}::text) as key),
      containing as materialized (
        select s.id, case when position(' | ' || term.key || ' | ' in ${names}) > 0 then 0
            when position(' | ' || term.key in ${names}) > 0 then 1
            when position(' ' || term.key || ' ' in ${names}) > 0 then 2
            else 3 end as tier
        from ${series} s, term
        where position(' ' in term.key) > 0 and s.search_key like '%' || (select key from term) || '%'
          and (${type ?? null}::text is null or s.type::text = ${type ?? null}::text)
        union all
        select id, min(tier) from (
          select unnest(w.named_ids) as id, 0 as tier from ${searchWords} w, term where w.word = term.key
          union all
          select unnest(w.starting_ids), case when starts_with(w.word, term.key) then 1 else 3 end
          from ${searchWords} w, term
          where term.key <> '' and position(' ' in term.key) = 0 and w.word like '%' || (select key from term) || '%'
          union all
          select unnest(w.series_ids), case when w.word = term.key then 2 else 3 end
          from ${searchWords} w, term
          where term.key <> '' and position(' ' in term.key) = 0 and w.word like '%' || (select key from term) || '%'
        ) as uses
        group by id
      ),
      term_words as materialized (
        select word, row_number() over (order by min(ord)) as ord
        from term, unnest(string_to_array(term.key, ' ')) with ordinality as given(word, ord)
        where word <> '' group by word order by min(ord) limit ${TERM_WORDS}
      )
      select (select key from term) as key,
        (select coalesce(json_agg(json_build_array(id, tier)), '[]') from containing)::text as containing,
        (select json_build_array((select count(*) from term_words), coalesce(json_agg(
            json_build_array(term_words.ord, corrected.word, corrected.similarity)
            order by term_words.ord, corrected.similarity desc), '[]'))
          from term_words
          cross join lateral (
            select w.word, word_similarity(term_words.word, w.word) as similarity
            from ${searchWords} w
            where term_words.word % w.word
            order by 2 desc, similarity(term_words.word, w.word) desc, 1
            limit ${CORRECTIONS_PER_WORD}
          ) as corrected
          where ${type ?? null}::text is not null or (select count(*) from containing) < ${wanted}::int
        )::text as corrections,
        current_setting('pg_trgm.word_similarity_threshold') as threshold`,
  );
  const containingRows = JSON.parse(row?.containing ?? '[]') as [number, number][];
  const [termWordCount, correctionRows] = JSON.parse(row?.corrections ?? '[0, []]') as [
    number,
    [number, string, number][],
  ];
  return {
    key: row?.key ?? '',
    containing: containingRows.map(([id, tier]) => ({ id, tier, similarity: 1 })),
    corrections: byTermWord(termWordCount, correctionRows),
    threshold: Number(row?.threshold ?? 0.6),
  };
}

/** The corrections grouped per term word, in the term's order; null when some word has none. */
function byTermWord(termWordCount: number, rows: [number, string, number][]): Correction[][] | null {
  const words: Correction[][] = Array.from({ length: termWordCount }, () => []);
  for (const [ord, word, similarity] of rows) words[ord - 1]?.push({ word, similarity });
  return termWordCount > 0 && words.every((corrections) => corrections.length > 0) ? words : null;
}

/**
 * The series having each of these words in a name (`search_words`' arrays: one row a word, where reading
 * the same from `series` visits a table page per series, thousands for a common word).
 */
export async function findSeriesHaving(
  database: Reader,
  words: readonly string[],
): Promise<Map<string, Int32Array>> {
  if (words.length === 0) return new Map();
  const [row] = await queryRowsPrepared<{ having: string }>(
    database,
    sql`select coalesce(json_agg(json_build_array(w.word, w.series_ids)), '[]')::text as having
        from ${searchWords} w
        where w.word in (select json_array_elements_text(${JSON.stringify(words)}::json))`,
  );
  // Kept as compact arrays: a common word's series are memoized for as long as no name changes.
  const rows = JSON.parse(row?.having ?? '[]') as [string, number[]][];
  return new Map(rows.map(([word, ids]) => [word, Int32Array.from(ids)]));
}

/** The name keys and alternative titles of these series (which name matched is worked out from them). */
export async function findSeriesNames(
  database: Reader,
  ids: readonly number[],
): Promise<Map<number, SeriesNames>> {
  if (ids.length === 0) return new Map();
  const [row] = await queryRowsPrepared<{ names: string }>(
    database,
    sql`select coalesce(json_agg(json_build_array(s.id, s.name_keys, s.alt_titles)), '[]')::text as names
        from ${series} s
        where s.id in (select json_array_elements_text(${JSON.stringify(ids)}::json)::int)`,
  );
  const rows = JSON.parse(row?.names ?? '[]') as [number, string[], string[]][];
  return new Map(rows.map(([id, keys, altTitles]) => [id, { keys, altTitles }]));
}
