/* How search results are ordered: by how well a name matched, then by the ranking. */

/** How well a series' best name matched a search term; lower is better. */
export const MATCH_TIERS = {
  /** The whole name is the term (ignoring case, accents and punctuation). */
  exact: 0,
  /** The name starts with the term. */
  prefix: 1,
  /** The term is a whole word (or run of words) of the name. */
  word: 2,
  /** The term is inside the name (inside a word, or inside CJK text, which has no spaces). */
  inside: 3,
  /** A word of the name is only similar to the term (pg_trgm's word similarity): a typo. */
  similar: 4,
} as const;

/** A series found by a search, from the database (search.ts). */
export interface SearchMatch {
  id: number;
  /** One of MATCH_TIERS. */
  tier: number;
  /** pg_trgm word similarity of the term to the series' names (1 when one contains the term). */
  similarity: number;
}

/**
 * The matches in relevance order: by tier; within the similar tier, by similarity; then by the series'
 * position in the ranking (final score), which `position` gives (undefined: not ranked yet, last).
 */
export function byRelevance<T extends SearchMatch>(
  matches: readonly T[],
  position: (id: number) => number | undefined,
): T[] {
  const placed = matches.map((match) => ({ match, position: position(match.id) ?? Number.MAX_SAFE_INTEGER }));
  placed.sort(
    (a, b) =>
      a.match.tier - b.match.tier ||
      (a.match.tier === MATCH_TIERS.similar ? b.match.similarity - a.match.similarity : 0) ||
      a.position - b.position,
  );
  return placed.map(({ match }) => match);
}
