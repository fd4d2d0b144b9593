import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { series, type SeriesType } from '../db/schema';
import { MATCH_TIERS, type SearchMatch } from './relevance';

/**
 * The series one of whose names (title, alternative titles, author, artist) contains the term, each with
 * how well (see relevance.ts): exact, prefix, whole word or inside a word. Names and term are compared as
 * search keys (migration 0019's `search_key`: lower case, accents and punctuation dropped), so "pokemon"
 * finds "Pokémon" and "re zero" "Re:Zero". Candidates come from the trigram index on `search_key` (every
 * name key in one text, " | " between them) with `like`, which also matches inside CJK text. The tier is
 * read off that one text with a few string searches (exact: " | key | "; prefix: " | key"; whole word:
 * " key "), so a term matching thousands of series costs no per-name work; which alternative title matched
 * is asked for the results shown only (matchedTitles).
 *
 * The term's key has no `%`, `_` or backslash (punctuation is dropped), so it is a safe `like` pattern;
 * `search_key($term)` is immutable, so the planner folds it to a constant and the index serves the `like`.
 */
export async function findSeriesContaining(
  db: Database,
  term: string,
  type: SeriesType | undefined,
): Promise<SearchMatch[]> {
  const key = sql`search_key(${term})`;
  const names = sql`(' | ' || ${series.searchKey} || ' | ')`;
  const tier = sql`case when position(' | ' || ${key} || ' | ' in ${names}) > 0 then 0
    when position(' | ' || ${key} in ${names}) > 0 then 1
    when position(' ' || ${key} || ' ' in ${names}) > 0 then 2
    else 3 end`;
  // One row holding a JSON array: a broad term can match thousands of series, and the embedded engine's
  // cost is per result row.
  const [result] = await db
    .select({ matches: sql<string>`coalesce(json_agg(json_build_array(${series.id}, ${tier}))::text, '[]')` })
    .from(series)
    .where(and(sql`${key} <> ''`, containing(key), type ? eq(series.type, type) : undefined));
  const rows = JSON.parse(result?.matches ?? '[]') as [number, number][];
  return rows.map(([id, tier]) => ({ id, tier, similarity: 1 }));
}

/**
 * At most `limit` series none of whose names contains the term but a word of which is close to it (`<%`:
 * pg_trgm's word similarity at least pg_trgm.word_similarity_threshold, 0.6), which forgives typos; tier
 * "similar", with that similarity. These rank after every series containing the term, so the catalogue
 * asks for them only when too few contain it. A one-word term with a letter too many ("towerb") is similar
 * to every series with that word in a name, thousands at 100,000 series, and each candidate's check costs
 * a word similarity over its whole key: so the scan stops at the first `limit` found (in storage order),
 * and only those are ordered by similarity and rank.
 */
export async function findSeriesSimilar(
  db: Database,
  term: string,
  type: SeriesType | undefined,
  limit: number,
): Promise<SearchMatch[]> {
  const key = sql`search_key(${term})`;
  const candidates = db
    .select({
      id: series.id,
      similarity: sql<number>`word_similarity(${key}, ${series.searchKey})`.as('similarity'),
    })
    .from(series)
    .where(
      and(
        sql`${key} <> ''`,
        sql`${key} <% ${series.searchKey}`,
        sql`not ${containing(key)}`,
        type ? eq(series.type, type) : undefined,
      ),
    )
    .limit(limit)
    .as('candidates');
  const [result] = await db
    .select({
      matches: sql<string>`coalesce(json_agg(json_build_array(${candidates.id}, ${candidates.similarity}))::text, '[]')`,
    })
    .from(candidates);
  const rows = JSON.parse(result?.matches ?? '[]') as [number, number][];
  return rows.map(([id, similarity]) => ({ id, tier: MATCH_TIERS.similar, similarity }));
}

/** `search_key` contains the term's key (the trigram index serves this). */
function containing(key: SQL): SQL {
  return sql`${series.searchKey} like '%' || ${key} || '%'`;
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
