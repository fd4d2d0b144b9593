import {
  SERIES_STATUSES,
  SERIES_TYPES,
  type NewSeries,
  type SeriesStatus,
  type SeriesType,
} from '../db/schema';
import { textField, type FieldError, type SubmittedForm } from './admin-form';

import {
  ALT_TITLE_MAX_LENGTH,
  ALT_TITLE_TOO_LONG,
  ALT_TITLES_MAX,
  ALT_TITLES_TOO_MANY,
  EXTERNAL_SITES,
  MANGAUPDATES_ID_MESSAGE,
  MANGAUPDATES_ID_PATTERN,
  MAX_SERIES_COUNT,
  MIN_SERIES_COUNT,
  SERIES_COUNT_FIELDS,
  SERIES_COUNT_LABELS,
  SERIES_COUNT_MESSAGE,
  SERIES_TEXT_LIMITS,
  SYNOPSIS_MAX_LENGTH,
  type ExternalIdField,
} from '../../contract/catalogue';
import { BODY_ID_MESSAGE, bodyId, isPossibleSerialId } from '../../contract/http';

export { SERIES_TEXT_LIMITS, SYNOPSIS_MAX_LENGTH };

type TextFieldName = keyof typeof SERIES_TEXT_LIMITS;
export type SeriesFieldValues = Partial<
  Pick<
    NewSeries,
    | TextFieldName
    | 'type'
    | 'status'
    | 'malId'
    | 'anilistId'
    | 'mangaupdatesId'
    | 'chapters'
    | 'volumes'
    | 'altTitles'
  >
>;

/** Where each external id of the form is stored. */
const EXTERNAL_ID_COLUMNS = {
  mal_id: 'malId',
  anilist_id: 'anilistId',
  mangaupdates_id: 'mangaupdatesId',
} as const satisfies Record<ExternalIdField, keyof SeriesFieldValues>;

/**
 * The external ids of an add or edit form: only those sent change, and an empty one clears its id.
 * MyAnimeList and AniList ids follow the body id rules (canonical positive integers, within an integer
 * column); a MangaUpdates id is 1 to 20 lower-case letters or digits.
 */
function parseExternalIds(form: SubmittedForm, values: SeriesFieldValues, errors: FieldError[]): void {
  for (const { field, name } of EXTERNAL_SITES) {
    const column = EXTERNAL_ID_COLUMNS[field];
    const value = form.malformedFields.has(field) ? null : textField(form, field);
    if (value === undefined) continue;
    if (value === '') {
      values[column] = null;
    } else if (field === 'mangaupdates_id') {
      if (value !== null && MANGAUPDATES_ID_PATTERN.test(value)) values.mangaupdatesId = value;
      else errors.push({ field, message: `${name} id ${MANGAUPDATES_ID_MESSAGE}` });
    } else {
      const parsed = bodyId.safeParse(value);
      if (parsed.success && isPossibleSerialId(parsed.data)) {
        values[column as 'malId' | 'anilistId'] = parsed.data;
      } else {
        errors.push({ field, message: `${name} id ${BODY_ID_MESSAGE}` });
      }
    }
  }
}

/** Canonical decimal digits: no sign, point, exponent or leading zero (a JSON number arrives as its text). */
const COUNT_DIGITS = /^[1-9]\d{0,8}$/;

/**
 * The published chapter and volume counts of an add or edit form: only those sent change, an empty one (or
 * null) clears its count, and a value must be a whole number from MIN_SERIES_COUNT to MAX_SERIES_COUNT.
 */
function parseCounts(form: SubmittedForm, values: SeriesFieldValues, errors: FieldError[]): void {
  for (const field of SERIES_COUNT_FIELDS) {
    const value = form.malformedFields.has(field) ? null : textField(form, field);
    if (value === undefined) continue;
    if (value === '') {
      values[field] = null;
      continue;
    }
    const count = value !== null && COUNT_DIGITS.test(value) ? Number(value) : NaN;
    if (count >= MIN_SERIES_COUNT && count <= MAX_SERIES_COUNT) values[field] = count;
    else errors.push({ field, message: `${SERIES_COUNT_LABELS[field]} ${SERIES_COUNT_MESSAGE}` });
  }
}

/**
 * The alternative titles of an add or edit form, when sent: one per line in a form field, or a JSON array
 * of texts. Each is trimmed and blank ones dropped; duplicates ignoring case are kept once (the first);
 * more than ALT_TITLES_MAX, or one longer than ALT_TITLE_MAX_LENGTH, refuses the form. Empty clears them.
 */
export function parseAltTitles(form: SubmittedForm, values: SeriesFieldValues, errors: FieldError[]): void {
  const field = 'alt_titles';
  const list = form.lists.get(field);
  let sent: string[];
  if (list) {
    if (!list.every((title) => typeof title === 'string')) {
      errors.push({ field, message: 'Alternative titles must be text' });
      return;
    }
    sent = list;
  } else if (form.malformedFields.has(field)) {
    errors.push({ field, message: 'Alternative titles must be text' });
    return;
  } else {
    const text = textField(form, field);
    if (text === undefined) return;
    sent = text.split(/\r\n|\r|\n/);
  }
  const seen = new Set<string>();
  const titles: string[] = [];
  for (const title of sent.map((title) => title.trim()).filter(Boolean)) {
    const folded = title.toLocaleLowerCase('en');
    if (seen.has(folded)) continue;
    seen.add(folded);
    titles.push(title);
  }
  if (titles.length > ALT_TITLES_MAX) errors.push({ field, message: ALT_TITLES_TOO_MANY });
  else if (titles.some((title) => [...title].length > ALT_TITLE_MAX_LENGTH)) {
    errors.push({ field, message: ALT_TITLE_TOO_LONG });
  } else values.altTitles = titles;
}

const LABELS: Record<TextFieldName | 'type' | 'status', string> = {
  title: 'Title',
  genre: 'Genre',
  author: 'Author',
  artist: 'Artist',
  type: 'Type',
  status: 'Status',
};
const REQUIRED_ON_CREATE = new Set(['title', 'genre', 'type']);

/**
 * Validates the series fields of an add (`create`: title, genre and type required) or edit form (only the
 * fields sent change; a required field cannot be emptied). Type and status are accepted in any casing, a
 * status with spaces for underscores, and an empty status clears it, as an empty external id does.
 */
export function parseSeriesFields(
  form: SubmittedForm,
  mode: 'create' | 'update',
): { values: SeriesFieldValues; errors: FieldError[] } {
  const values: SeriesFieldValues = {};
  const errors: FieldError[] = [];
  const fail = (field: keyof typeof LABELS, message: string) => errors.push({ field, message });

  for (const field of ['title', 'genre', 'type', 'author', 'artist', 'status'] as const) {
    if (form.malformedFields.has(field)) {
      fail(field, `${LABELS[field]} must be text`);
      continue;
    }
    const value = textField(form, field);
    const required = REQUIRED_ON_CREATE.has(field);
    if (value === undefined || value === '') {
      if (required && (mode === 'create' || value === '')) fail(field, `${LABELS[field]} is required`);
      else if (value === '' && (field === 'author' || field === 'artist')) values[field] = '';
      else if (value === '' && field === 'status') values.status = null;
      continue;
    }
    if (field === 'type') {
      const type = value.toUpperCase();
      if ((SERIES_TYPES as readonly string[]).includes(type)) values.type = type as SeriesType;
      else fail(field, `Type must be one of ${SERIES_TYPES.join(', ')}`);
    } else if (field === 'status') {
      const status = value.toUpperCase().replace(/[\s-]+/g, '_');
      if ((SERIES_STATUSES as readonly string[]).includes(status)) values.status = status as SeriesStatus;
      else fail(field, `Status must be one of ${SERIES_STATUSES.join(', ')}`);
    } else if (value.length > SERIES_TEXT_LIMITS[field]) {
      fail(field, `${LABELS[field]} must be at most ${SERIES_TEXT_LIMITS[field]} characters`);
    } else {
      values[field] = value;
    }
  }
  parseExternalIds(form, values, errors);
  parseCounts(form, values, errors);
  parseAltTitles(form, values, errors);
  return { values, errors };
}
