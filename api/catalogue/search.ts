import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { series, type SeriesType } from '../db/schema';
import type { SearchMatch } from './relevance';

/**
 * The series one of whose names (title, alternative titles, author, artist) matches the term, each with
 * how well (see relevance.ts). Names and term are compared as search keys (migration 0019's `search_key`:
 * lower case, accents and punctuation dropped), so "pokemon" finds "Pokémon" and "re zero" "Re:Zero".
 * Candidates come from the trigram index on `search_key` (every name key in one text, " | " between them):
 * a name containing the term's key (`like`, which also matches inside CJK text), or a word of it close to
 * the term (`<%`: pg_trgm's word similarity at least pg_trgm.word_similarity_threshold, 0.6), which
 * forgives typos. The tier is read off that one text with a few string searches (exact: " | key | "; prefix:
 * " | key"; whole word: " key "), so a term matching thousands of series costs no per-name work; which
 * alternative title matched is asked for the results shown only (matchedTitles).
 *
 * The term's key has no `%`, `_` or backslash (punctuation is dropped), so it is a safe `like` pattern;
 * `search_key($term)` is immutable, so the planner folds it to a constant and the index serves the `like`.
 */
export async function findSeriesMatches(
  db: Database,
  term: string,
  type: SeriesType | undefined,
): Promise<SearchMatch[]> {
  const key = sql`search_key(${term})`;
  const contains = sql`${series.searchKey} like '%' || ${key} || '%'`;
  const candidates = sql`(${contains} or ${key} <% ${series.searchKey})`;
  const where = type ? and(candidates, eq(series.type, type)) : candidates;
  const names = sql`(' | ' || ${series.searchKey} || ' | ')`;
  const tier = sql`case when position(' | ' || ${key} || ' | ' in ${names}) > 0 then 0
    when position(' | ' || ${key} in ${names}) > 0 then 1
    when position(' ' || ${key} || ' ' in ${names}) > 0 then 2
    when ${contains} then 3
    else 4 end`;
  const similarity = sql`case when ${contains} then 1 else word_similarity(${key}, ${series.searchKey}) end`;
  // One row holding a JSON array: a broad term can match thousands of series, and the embedded engine's
  // cost is per result row.
  const [result] = await db
    .select({
      matches: sql<string>`coalesce(json_agg(json_build_array(${series.id}, ${tier}, ${similarity}))::text, '[]')`,
    })
    .from(series)
    .where(and(sql`${key} <> ''`, where));
  const rows = JSON.parse(result?.matches ?? '[]') as [number, number, number][];
  return rows.map(([id, tier, similarity]) => ({ id, tier, similarity }));
}

/**
 * For each of these series, the alternative title that matches the term best, when an alternative title
 * is the series' best name (by the tiers of findSeriesMatches, then similarity; the title, author and
 * artist first on a tie); null when another name is.
 */
export async function matchedTitles(db: Database, term: string, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const key = sql`search_key(${term})`;
  // The first name is the title, the last two the author and artist; the ones between the alternative titles.
  const best = sql`(
    select case when ord > 1 and ord < cardinality(${series.nameKeys}) - 1 then ${series.altTitles}[ord - 1] end
    from (
      select ord,
        case when name = ${key} then 0
          when starts_with(name, ${key}) then 1
          when position(' ' || ${key} || ' ' in ' ' || name || ' ') > 0 then 2
          when position(${key} in name) > 0 then 3
          else 4 end as tier,
        word_similarity(${key}, name) as similarity
      from unnest(${series.nameKeys}) with ordinality as names(name, ord)
    ) as named
    order by tier, similarity desc, ord
    limit 1
  )`;
  const [result] = await db
    .select({ pairs: sql<string>`coalesce(json_agg(json_build_array(${series.id}, ${best}))::text, '[]')` })
    .from(series)
    .where(inArray(series.id, ids));
  const pairs = JSON.parse(result?.pairs ?? '[]') as [number, string | null][];
  return new Map(pairs.filter((pair): pair is [number, string] => pair[1] !== null));
}
