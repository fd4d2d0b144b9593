/* Which series a misspelt term finds: from its words' corrections and the series having each correction. */
import { MATCH_TIERS, type SearchMatch } from './relevance';

/** A word of the names' vocabulary a term's word may stand for, with its word similarity to that word. */
export interface Correction {
  word: string;
  similarity: number;
}

/**
 * The series having, for every word of the term, one of its corrections (in any order, in any of their
 * names), with the mean similarity of the best correction of each word at least `threshold`
 * (pg_trgm.word_similarity_threshold, which `<%` asks of a whole term against a text): tier "similar", with
 * that mean. So "solo levlling" finds "Solo Leveling" (1 and 0.5: 0.75) but "levlling" alone (0.5) does not.
 *
 * @param corrections per word of the term, its corrections (none for a word: nothing is found)
 * @param seriesHaving the series having each correction's word
 */
export function similarSeries(
  corrections: readonly (readonly Correction[])[],
  seriesHaving: ReadonlyMap<string, ArrayLike<number>>,
  threshold: number,
): SearchMatch[] {
  if (corrections.length === 0) return [];
  let totals: Map<number, number> | undefined;
  for (const word of corrections) {
    // Each series' best correction of this word (the corrections come best first, but need not).
    const best = new Map<number, number>();
    for (const { word: corrected, similarity } of word) {
      const ids = seriesHaving.get(corrected) ?? [];
      for (let index = 0; index < ids.length; index += 1) {
        const id = ids[index]!;
        if (!totals || totals.has(id)) best.set(id, Math.max(best.get(id) ?? 0, similarity));
      }
    }
    const next = new Map<number, number>();
    for (const [id, similarity] of best) next.set(id, (totals?.get(id) ?? 0) + similarity);
    totals = next;
  }
  const matches: SearchMatch[] = [];
  for (const [id, total] of totals!) {
    const similarity = total / corrections.length;
    // The threshold is a float4 setting; similarities arrive rounded to float4 too.
    if (similarity >= threshold - 1e-6) matches.push({ id, tier: MATCH_TIERS.similar, similarity });
  }
  return matches;
}

/** A series' names as search keys (title, alternative titles, author, artist, in that order). */
export interface SeriesNames {
  keys: readonly string[];
  /** The alternative titles as written: `keys[1]` is the key of `altTitles[0]`. */
  altTitles: readonly string[];
}

/**
 * The alternative title that matched a term, when an alternative title is the series' best name; null
 * when the title, author or artist is (they win ties). Best: by tier as the search ranks (the whole name,
 * its start, a whole word of it, inside it); when no name contains the term (a series found through
 * corrections), the name holding the most of them, by similarity.
 *
 * @param key the term's search key
 * @param corrections the term's words' corrections, when the series may have been found through them
 */
export function matchedTitle(
  names: SeriesNames,
  key: string,
  corrections: readonly (readonly Correction[])[] | null,
): string | null {
  let best = { index: 0, tier: Number.POSITIVE_INFINITY, corrected: 0 };
  names.keys.forEach((name, index) => {
    const tier = nameTier(name, key);
    const corrected = tier === MATCH_TIERS.similar && corrections ? correctedScore(name, corrections) : 0;
    if (tier < best.tier || (tier === best.tier && corrected > best.corrected))
      best = { index, tier, corrected };
  });
  const isAltTitle = best.index >= 1 && best.index <= names.keys.length - 3;
  return isAltTitle ? (names.altTitles[best.index - 1] ?? null) : null;
}

/** How well one name key contains a term's key (MATCH_TIERS; similar: it does not contain it). */
function nameTier(name: string, key: string): number {
  if (name === key) return MATCH_TIERS.exact;
  if (name.startsWith(key)) return MATCH_TIERS.prefix;
  if (` ${name} `.includes(` ${key} `)) return MATCH_TIERS.word;
  if (name.includes(key)) return MATCH_TIERS.inside;
  return MATCH_TIERS.similar;
}

/** The similarity of the best correction of each term word that a name contains, summed. */
function correctedScore(name: string, corrections: readonly (readonly Correction[])[]): number {
  let score = 0;
  for (const word of corrections) {
    score += Math.max(
      0,
      ...word.filter((correction) => name.includes(correction.word)).map((c) => c.similarity),
    );
  }
  return score;
}
