/* Helpers of the catalogue's listings: genres as lists filter them, and pages of an ordered list. */

/** A series' genres from its comma-separated genre text: trimmed, lower-cased, blanks dropped. */
export function parseGenres(genreText: string): string[] {
  return genreText
    .split(',')
    .map((genre) => genre.trim().toLowerCase())
    .filter(Boolean);
}

/** True when one of the series' genres equals the filter, ignoring case and surrounding spaces. */
export function hasGenre(genreText: string, filter: string): boolean {
  return parseGenres(genreText).includes(filter.trim().toLowerCase());
}

/** One page (1-based) of an ordered list; a page past the end is empty. */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number): T[] {
  const start = (page - 1) * pageSize;
  return start >= items.length ? [] : items.slice(start, start + pageSize);
}
