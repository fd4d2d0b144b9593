import {
  SERIES_STATUSES,
  SERIES_TYPES,
  type NewSeries,
  type SeriesStatus,
  type SeriesType,
} from '../db/schema';
import { textField, type FieldError, type SubmittedForm } from './admin-form';

import { SERIES_TEXT_LIMITS, SYNOPSIS_MAX_LENGTH } from '../../contract/catalogue';

export { SERIES_TEXT_LIMITS, SYNOPSIS_MAX_LENGTH };

type TextFieldName = keyof typeof SERIES_TEXT_LIMITS;
export type SeriesFieldValues = Partial<Pick<NewSeries, TextFieldName | 'type' | 'status'>>;

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
 * status with spaces for underscores, and an empty status clears it.
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
  return { values, errors };
}
