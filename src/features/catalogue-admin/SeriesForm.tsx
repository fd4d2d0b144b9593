import { useId, useState, type ChangeEvent, type SubmitEvent } from 'react';
import { errorDetail, errorStatus } from '../../lib/api-client';
import { SERIES_STATUSES, type RankedSeries } from '../catalogue/catalogue-types';
import { statusLabel } from '../catalogue/series-format';
import { SERIES_TYPES } from '../navigation/series-types';
import { seriesDetailKey } from '../series/series-detail-query';
import { queryCache } from '../../lib/query';
import { $session } from '../accounts/session-store';
import { ADD_SERIES_FAILED, UPDATE_SERIES_FAILED } from './admin-messages';
import { createSeries, updateSeries } from './catalogue-admin-api';
import AdminFormFooter from './AdminFormFooter';
import CoverFileField from './CoverFileField';
import { seriesCoverProblem } from './cover-checks';
import AltTitlesField from './AltTitlesField';
import {
  altTitleLines,
  altTitlesProblem,
  initialFields,
  OPTIONAL_INPUTS,
  optionalFieldProblem,
  optionalFieldsProblem,
  type SeriesFields,
  type SeriesFormMode,
} from './series-form-fields';
import styles from './CatalogueAdmin.module.css';

export interface SeriesFormProps {
  mode: SeriesFormMode;
  onSaved: (series: RankedSeries) => void;
  onClose: () => void;
}

/**
 * The form of the "Add New Series" and "Edit Series" modals (SeriesFormDialog.tsx). Adding needs title,
 * genre, type and a cover; while one is missing, submitting silently does nothing. A chosen cover is
 * checked at once: an unreadable file gives "Invalid image file." and a shape outside 2:3 the ratio
 * message; the API checks both again. Every optional field is sent, empty to clear it.
 */
export default function SeriesForm({ mode, onSaved, onClose }: SeriesFormProps) {
  const adding = mode.kind === 'add';
  const [fields, setFields] = useState<SeriesFields>(() => initialFields(mode));
  const [cover, setCover] = useState<File | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  const setField =
    (name: keyof SeriesFields) =>
    (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
      setFields({ ...fields, [name]: event.target.value });

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = fields.title.trim();
    const genre = fields.genre.trim();
    // While a required field is missing the action does nothing.
    if (!title || !genre || !fields.type || (adding && !cover) || submitting) return;
    const problem = altTitlesProblem(fields.alt_titles) ?? optionalFieldsProblem(fields);
    if (problem) {
      setError(problem);
      return;
    }
    const form = new FormData();
    form.set('title', title);
    form.set('genre', genre);
    form.set('type', fields.type);
    form.set('author', fields.author.trim());
    form.set('artist', fields.artist.trim());
    form.set('status', fields.status);
    // One a line; sent empty to clear them.
    form.set('alt_titles', altTitleLines(fields.alt_titles).join('\n'));
    // Sent empty to clear an id or a count.
    for (const { name } of OPTIONAL_INPUTS) form.set(name, fields[name].trim());
    if (cover) form.set('cover', cover, cover.name);
    setSubmitting(true);
    setError('');
    try {
      const saved = adding ? await createSeries(form) : await updateSeries(mode.series.id, form);
      // The detail read when the modal opened is out of date now: the next edit reads it again.
      if (!adding) queryCache.invalidateKeys(seriesDetailKey(saved.id, $session.get().user));
      onSaved(saved);
    } catch (failure) {
      // A 409 names the external id another series already has.
      setError(
        errorStatus(failure) === 409
          ? errorDetail(failure)
          : adding
            ? ADD_SERIES_FAILED
            : UPDATE_SERIES_FAILED,
      );
      setSubmitting(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          name="title"
          value={fields.title}
          onChange={setField('title')}
          aria-required="true"
          maxLength={200}
          autoComplete="off"
        />
      </div>
      <AltTitlesField id={`${id}-alt-titles`} value={fields.alt_titles} onChange={setField('alt_titles')} />
      <div className={styles.field}>
        <label htmlFor={`${id}-genre`}>Genre</label>
        <input
          id={`${id}-genre`}
          name="genre"
          value={fields.genre}
          onChange={setField('genre')}
          aria-required="true"
          aria-describedby={`${id}-genre-hint`}
          maxLength={200}
          autoComplete="off"
        />
        <p id={`${id}-genre-hint`} className={styles.hint}>
          Comma-separated, e.g. Action, Fantasy
        </p>
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-type`}>Type</label>
        <select
          id={`${id}-type`}
          name="type"
          value={fields.type}
          onChange={setField('type')}
          aria-required="true"
        >
          <option value="">Choose a type</option>
          {SERIES_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </div>
      <CoverFileField
        name="cover"
        label={adding ? 'Cover' : 'New cover (optional)'}
        hint="PNG, JPEG or WebP in a 2:3 portrait shape, e.g. 200x300."
        required={adding}
        problemOf={seriesCoverProblem}
        onChoose={setCover}
        preview
      />
      <div className={styles.field}>
        <label htmlFor={`${id}-author`}>Author</label>
        <input
          id={`${id}-author`}
          name="author"
          value={fields.author}
          onChange={setField('author')}
          maxLength={120}
          autoComplete="off"
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-artist`}>Artist</label>
        <input
          id={`${id}-artist`}
          name="artist"
          value={fields.artist}
          onChange={setField('artist')}
          maxLength={120}
          autoComplete="off"
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} name="status" value={fields.status} onChange={setField('status')}>
          <option value="">Not set</option>
          {SERIES_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusLabel(status)}
            </option>
          ))}
        </select>
      </div>
      {OPTIONAL_INPUTS.map(({ name, label, hint, numeric, maxLength }) => (
        <div key={name} className={styles.field}>
          <label htmlFor={`${id}-${name}`}>{label}</label>
          <input
            id={`${id}-${name}`}
            name={name}
            value={fields[name]}
            onChange={setField(name)}
            inputMode={numeric ? 'numeric' : undefined}
            aria-describedby={`${id}-${name}-hint`}
            aria-invalid={optionalFieldProblem(name, fields[name].trim()) || undefined}
            maxLength={maxLength}
            autoComplete="off"
            spellCheck={false}
          />
          <p id={`${id}-${name}-hint`} className={styles.hint}>
            {hint} (optional)
          </p>
        </div>
      ))}
      <AdminFormFooter
        error={error}
        submitting={submitting}
        submitLabel={adding ? 'Add Series' : 'Save Changes'}
        onCancel={onClose}
      />
    </form>
  );
}
