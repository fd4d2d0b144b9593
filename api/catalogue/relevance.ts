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
 * The first `limit` matches in relevance order: by tier; within the similar tier, by similarity; then by
 * the series' position in the ranking (final score), which `position` gives (undefined: not shown, so left
 * out: a series the snapshot does not place yet, or not of the type asked for). A typo of a common word finds thousands of series of which a page is shown, so with a `limit`
 * the rest are never sorted: each is compared with the worst kept (n log limit, not n log n).
 */
export function byRelevance<T extends SearchMatch>(
  matches: readonly T[],
  position: (id: number) => number | undefined,
  limit = Number.POSITIVE_INFINITY,
): T[] {
  const placed: { match: T; position: number }[] = [];
  for (const match of matches) {
    const at = position(match.id);
    if (at !== undefined) placed.push({ match, position: at });
  }
  type Placed = (typeof placed)[number];
  const before = (a: Placed, b: Placed) =>
    a.match.tier - b.match.tier ||
    (a.match.tier === MATCH_TIERS.similar ? b.match.similarity - a.match.similarity : 0) ||
    a.position - b.position;
  if (placed.length <= limit * 2)
    return placed
      .sort(before)
      .slice(0, limit)
      .map(({ match }) => match);
  const kept: Placed[] = [];
  for (const candidate of placed) {
    if (kept.length === limit && before(candidate, kept[limit - 1]!) >= 0) continue;
    // Binary search for its place among those kept (after its equals: the sort is stable).
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (before(candidate, kept[middle]!) < 0) high = middle;
      else low = middle + 1;
    }
    kept.splice(low, 0, candidate);
    if (kept.length > limit) kept.pop();
  }
  return kept.map(({ match }) => match);
}
