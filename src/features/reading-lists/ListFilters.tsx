import { useId, useState } from 'react';
import { SERIES_STATUSES, SERIES_TYPES } from '../../../contract/catalogue-values';
import { LIST_SORTS, LIST_TEXT, type ListSort } from '../../../contract/reading-lists-values';
import {
  PROGRESS_TEXT,
  READING_STATUS_LABELS,
  READING_STATUSES,
} from '../../../contract/reading-progress-values';
import fieldStyles from '../../ui/TextField.module.css';
import { statusLabel } from '../catalogue/series-format';
import type { ItemFilters } from './lists-api';
import { SORT_LABELS } from './list-messages';
import styles from './ListFilters.module.css';
import pageStyles from './ListPages.module.css';

export interface ListFiltersProps {
  listName: string;
  filters: ItemFilters;
  onChange: (filters: ItemFilters) => void;
  onReset: () => void;
  /** How many filters apply (the phone's Filters button says so). */
  activeCount: number;
  scoreValid: boolean;
  votesValid: boolean;
}

interface SelectFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<readonly [value: string, label: string]>;
  className?: string;
}

/** A labelled select of the filters. */
function SelectField({ label, value, onChange, options, className = '' }: SelectFieldProps) {
  return (
    <label className={`${pageStyles.field} ${className}`}>
      <span>{label}</span>
      <select className={fieldStyles.input} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * An open list's filters: Type, Status, Reading status, Sort, Stars ≥, Votes ≥ and Reset. On a phone they
 * fold behind a "Filters" button, so the list's first items are in view; wider screens always show them.
 */
export default function ListFilters(props: ListFiltersProps) {
  const { listName, filters, onChange, onReset, activeCount, scoreValid, votesValid } = props;
  const [unfolded, setUnfolded] = useState(false);
  const id = useId();
  const set = (field: keyof ItemFilters) => (value: string) => onChange({ ...filters, [field]: value });
  // A field the user got wrong stays in view.
  const shown = unfolded || !scoreValid || !votesValid;

  return (
    <div className={styles.wrap}>
      <button
        type="button"
        className={`button ${styles.fold}`}
        aria-expanded={shown}
        aria-controls={`${id}-filters`}
        onClick={() => setUnfolded(!shown)}
      >
        {LIST_TEXT.filters}
        {activeCount > 0 && <span className={styles.active}>{activeCount}</span>}
        {activeCount > 0 && <span className="visually-hidden"> {LIST_TEXT.filtersApplied}</span>}
      </button>
      <form
        id={`${id}-filters`}
        className={styles.filters}
        data-unfolded={shown || undefined}
        onSubmit={(event) => event.preventDefault()}
        aria-label={`Filter ${listName}`}
      >
        <SelectField
          label="Type"
          value={filters.type}
          onChange={set('type')}
          options={[['', 'All'], ...SERIES_TYPES.map((type) => [type, type] as const)]}
        />
        <SelectField
          label="Status"
          value={filters.status}
          onChange={set('status')}
          options={[
            ['', 'All'],
            ...SERIES_STATUSES.map((status) => [status, statusLabel(status) ?? status] as const),
          ]}
        />
        <SelectField
          label={PROGRESS_TEXT.readingStatus}
          value={filters.readingStatus}
          onChange={set('readingStatus')}
          options={[
            ['', 'All'],
            ...READING_STATUSES.map((status) => [status, READING_STATUS_LABELS[status]] as const),
          ]}
        />
        <SelectField
          label="Sort"
          className={styles.sort}
          value={filters.sort}
          onChange={set('sort')}
          options={(Object.keys(SORT_LABELS) as ListSort[])
            .filter((sort) => LIST_SORTS.includes(sort))
            .map((sort) => [sort, SORT_LABELS[sort]] as const)}
        />
        <label className={pageStyles.field}>
          <span>Stars ≥</span>
          <input
            className={fieldStyles.input}
            type="number"
            inputMode="decimal"
            step={0.1}
            min={0}
            max={10}
            value={filters.minScore}
            placeholder="Any"
            onChange={(event) => set('minScore')(event.target.value)}
            aria-invalid={!scoreValid || undefined}
            aria-describedby={scoreValid ? undefined : `${id}-score-error`}
          />
        </label>
        <label className={pageStyles.field}>
          <span>Votes ≥</span>
          <input
            className={fieldStyles.input}
            type="number"
            inputMode="numeric"
            step={1}
            min={0}
            value={filters.minVotes}
            placeholder="Any"
            onChange={(event) => set('minVotes')(event.target.value)}
            aria-invalid={!votesValid || undefined}
            aria-describedby={votesValid ? undefined : `${id}-votes-error`}
          />
        </label>
        <button type="button" className="button" onClick={onReset}>
          {LIST_TEXT.reset}
        </button>
        {!scoreValid && (
          <p id={`${id}-score-error`} className={styles.fieldError}>
            Stars: a number from 0 to 10.
          </p>
        )}
        {!votesValid && (
          <p id={`${id}-votes-error`} className={styles.fieldError}>
            Votes: a whole number from 0.
          </p>
        )}
      </form>
    </div>
  );
}
