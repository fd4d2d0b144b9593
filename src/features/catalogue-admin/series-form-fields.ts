import {
  ALT_TITLE_MAX_LENGTH,
  ALT_TITLE_TOO_LONG,
  ALT_TITLES_MAX,
  ALT_TITLES_TOO_MANY,
  MANGAUPDATES_ID_PATTERN,
  MAX_SERIES_COUNT,
  MIN_SERIES_COUNT,
  SERIES_COUNT_MESSAGE,
} from '../../../contract/catalogue-values';
import { SERIES_COUNT_HINTS, SERIES_COUNT_LABELS } from '../../../contract/series-count-values';
import { isPossibleSerialId } from '../../../contract/http-values';
import type { RankedSeries } from '../catalogue/catalogue-types';

/** The "Add New Series" and "Edit Series" forms' fields, as typed, and the checks made before sending. */

export type SeriesFormMode = { kind: 'add' } | { kind: 'edit'; series: RankedSeries };

/** The optional fields after the status: the external ids, then the chapter and volume counts. */
export const OPTIONAL_INPUTS = [
  {
    name: 'mal_id',
    label: 'MyAnimeList id',
    hint: 'The number in myanimelist.net/manga/…',
    problem: 'MyAnimeList id must be a positive integer.',
    numeric: true,
    maxLength: 10,
  },
  {
    name: 'anilist_id',
    label: 'AniList id',
    hint: 'The number in anilist.co/manga/…',
    problem: 'AniList id must be a positive integer.',
    numeric: true,
    maxLength: 10,
  },
  {
    name: 'mangaupdates_id',
    label: 'MangaUpdates id',
    hint: 'The letters and digits in mangaupdates.com/series/…',
    problem: 'MangaUpdates id must be 1 to 20 lower-case letters or digits.',
    numeric: false,
    maxLength: 20,
  },
  ...(['chapters', 'volumes'] as const).map((name) => ({
    name,
    label: SERIES_COUNT_LABELS[name],
    hint: SERIES_COUNT_HINTS[name],
    problem: `${SERIES_COUNT_LABELS[name]} ${SERIES_COUNT_MESSAGE}.`,
    numeric: true,
    maxLength: String(MAX_SERIES_COUNT).length,
  })),
] as const;

export type OptionalField = (typeof OPTIONAL_INPUTS)[number]['name'];

export interface SeriesFields extends Record<OptionalField, string> {
  title: string;
  genre: string;
  type: string;
  author: string;
  artist: string;
  status: string;
  /** The alternative titles, one per line. */
  alt_titles: string;
}

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

const EMPTY_FIELDS: SeriesFields = {
  title: '',
  genre: '',
  type: '',
  author: '',
  artist: '',
  status: '',
  alt_titles: '',
  mal_id: '',
  anilist_id: '',
  mangaupdates_id: '',
  chapters: '',
  volumes: '',
};

export function initialFields(mode: SeriesFormMode): SeriesFields {
  if (mode.kind === 'add') return EMPTY_FIELDS;
  const { series } = mode;
  return {
    title: series.title,
    genre: series.genre,
    type: series.type,
    author: series.author,
    artist: series.artist,
    status: series.status ?? '',
    alt_titles: series.alt_titles.join('\n'),
    mal_id: text(series.mal_id),
    anilist_id: text(series.anilist_id),
    mangaupdates_id: text(series.mangaupdates_id),
    chapters: text(series.chapters),
    volumes: text(series.volumes),
  };
}

/** An optional field the API would refuse (empty is fine: it clears), checked before sending. */
export function optionalFieldProblem(name: OptionalField, value: string): boolean {
  if (value === '') return false;
  if (name === 'mangaupdates_id') return !MANGAUPDATES_ID_PATTERN.test(value);
  if (name === 'chapters' || name === 'volumes') {
    return !/^\d{1,9}$/.test(value) || Number(value) < MIN_SERIES_COUNT || Number(value) > MAX_SERIES_COUNT;
  }
  // An integer column's range, as the API checks it.
  return !/^[1-9]\d{0,9}$/.test(value) || !isPossibleSerialId(Number(value));
}

/** The message of the first optional field the API would refuse, or null. */
export function optionalFieldsProblem(fields: SeriesFields): string | null {
  const bad = OPTIONAL_INPUTS.find(({ name }) => optionalFieldProblem(name, fields[name].trim()));
  return bad ? bad.problem : null;
}

/** The alternative titles as sent: one a line, trimmed, blank lines dropped, each once (ignoring case). */
export function altTitleLines(text: string): string[] {
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const title = line.trim();
    const key = title.toLowerCase();
    if (!title || seen.has(key)) continue;
    seen.add(key);
    titles.push(title);
  }
  return titles;
}

/** What the API would refuse in the alternative titles (too many, one too long), or null. */
export function altTitlesProblem(text: string): string | null {
  const titles = altTitleLines(text);
  if (titles.length > ALT_TITLES_MAX) return ALT_TITLES_TOO_MANY;
  if (titles.some((title) => [...title].length > ALT_TITLE_MAX_LENGTH)) return ALT_TITLE_TOO_LONG;
  return null;
}
