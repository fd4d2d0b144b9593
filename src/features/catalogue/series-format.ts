import type { RankedSeries, SeriesStatus } from './catalogue-types';

/** Colour bands of a score: 9+ green, 7.5+ blue, 5+ yellow, 3+ orange, otherwise red. */
export type ScoreBand = 'green' | 'blue' | 'yellow' | 'orange' | 'red';

export function scoreBand(score: number): ScoreBand {
  if (score >= 9) return 'green';
  if (score >= 7.5) return 'blue';
  if (score >= 5) return 'yellow';
  if (score >= 3) return 'orange';
  return 'red';
}

/** Cards show up to 3 decimals without trailing zeros: 8.5, 7.333, 9. */
export function formatCardScore(score: number): string {
  return String(Number(score.toFixed(3)));
}

/** Detail and compare show exactly one decimal: 8.0, 7.3. */
export function formatOneDecimal(score: number): string {
  return score.toFixed(1);
}

/**
 * The rank badge: `#n`, `Top n` for a pre-rendered rank shown by its band (prerendered-values.ts), or a dash
 * for an Unranked series.
 */
export function rankLabel(rank: number | null | undefined, band?: number): string {
  if (rank != null) return `#${rank}`;
  return band === undefined ? '–' : `Top ${band.toLocaleString('en-US')}`;
}

/** The accessible reading of the rank badge. */
export function rankDescription(rank: number | null | undefined, band?: number): string {
  if (rank == null)
    return band === undefined ? 'Unranked' : `Ranked in the top ${band.toLocaleString('en-US')}`;
  return `Rank ${rank}`;
}

/** Whether a series is ranked, by its exact rank or (pre-rendered) its band. */
export function isRanked(rank: number | null | undefined, band?: number): boolean {
  return rank != null || band !== undefined;
}

/** Vote counts are shown from this many votes on. */
export const MIN_VOTES_SHOWN = 10;

export function showsVoteCount(voteCount: number): boolean {
  return voteCount >= MIN_VOTES_SHOWN;
}

// One formatter and collator for every call: `toLocaleString` and `localeCompare` with a locale build a
// new one each time, which added up over a build's tens of thousands of pages.
const US_NUMBER = new Intl.NumberFormat('en-US');
const ENGLISH_BASE = new Intl.Collator('en', { sensitivity: 'base' });

/** A count as `toLocaleString('en-US')` writes it ("12,345"). */
export function formatCount(count: number): string {
  return US_NUMBER.format(count);
}

/** Compares two names as `localeCompare(b, 'en', { sensitivity: 'base' })` does. */
export const compareEnglishBase: (a: string, b: string) => number = ENGLISH_BASE.compare;

export function formatVotes(voteCount: number): string {
  return `${US_NUMBER.format(voteCount)} ${voteCount === 1 ? 'vote' : 'votes'}`;
}

/** Status ribbons show underscores as spaces (SEASON_END → "SEASON END"). */
export function statusLabel(status: SeriesStatus | null | undefined): string | null {
  return status ? status.replace(/_/g, ' ') : null;
}

/** The genres of one series: its comma-separated genre text, trimmed, blanks dropped. */
export function splitGenres(genre: string | null | undefined): string[] {
  return (genre ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
}

/**
 * The genre strip's entries for loaded series: every genre once (case-insensitively, first spelling
 * wins), sorted alphabetically. ALL is not included; the strip adds it in front.
 */
export function extractGenres(
  series: ReadonlyArray<Pick<RankedSeries, 'genre'>>,
  known: string[] = [],
): string[] {
  const byKey = new Map<string, string>();
  for (const genre of known) byKey.set(genre.toLowerCase(), genre);
  for (const entry of series) {
    for (const genre of splitGenres(entry.genre)) {
      const key = genre.toLowerCase();
      if (!byKey.has(key)) byKey.set(key, genre);
    }
  }
  return [...byKey.values()].sort(compareEnglishBase);
}

/** Whether a series carries `genre` (case-insensitive), for filtering search results locally. */
export function hasGenre(series: Pick<RankedSeries, 'genre'>, genre: string): boolean {
  const wanted = genre.toLowerCase();
  return splitGenres(series.genre).some((part) => part.toLowerCase() === wanted);
}
