import { useId } from 'react';
import { LIST_TEXT } from '../../../contract/reading-lists-values';
import {
  PROGRESS_TEXT,
  READING_STATUS_LABELS,
  TRACK_TEXT,
  READING_STATUSES,
  type ReadingStatus,
} from '../../../contract/reading-progress-values';
import type { ReadingList, SeriesTracking } from '../../../contract/reading-lists';
import fieldStyles from '../../ui/TextField.module.css';
import { formatItemCount } from './list-format';
import { trackedIn } from './list-state';
import styles from './ListDialogs.module.css';

export interface ListChoicesProps {
  lists: ReadingList[];
  seriesId: number;
  /** Where the user tracks the series (each holding list's status), once read. */
  tracking: SeriesTracking | undefined;
  selected: number | null;
  onSelect: (listId: number) => void;
  describedBy?: string;
  invalid: boolean;
}

/** "Your lists": one radio per list, with its count and, holding the series, "In this list" and its status. */
export default function ListChoices(props: ListChoicesProps) {
  const { lists, seriesId, tracking, selected, onSelect, describedBy, invalid } = props;
  return (
    <fieldset className={styles.choices} aria-describedby={describedBy} aria-invalid={invalid || undefined}>
      <legend className={styles.legend}>Your lists</legend>
      {lists.map((list) => {
        const has = list.items.some((item) => item.series_id === seriesId);
        const status = trackedIn(tracking, list.id)?.reading_status;
        return (
          <label key={list.id} className={styles.choice}>
            <input
              type="radio"
              name="list"
              value={list.id}
              checked={selected === list.id}
              onChange={() => onSelect(list.id)}
            />
            <span className={styles.choiceName}>{list.name}</span>
            <span className={styles.choiceMeta}>
              {formatItemCount(list.item_count)}
              {has && <span className={styles.inList}>In this list</span>}
              {has && status && <span>{READING_STATUS_LABELS[status]}</span>}
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

export interface StatusSelectProps {
  /** Undefined while the status of the series in the chosen list is being read. */
  value: ReadingStatus | undefined;
  onChange: (status: ReadingStatus) => void;
  /** Given when the status could not be read: the select says so and offers to read it again. */
  onRetry?: () => void;
}

/** The reading status of the series in the chosen list (or the one it is added with). */
export function StatusSelect({ value, onChange, onRetry }: StatusSelectProps) {
  const id = useId();
  return (
    <div className={styles.status}>
      <label htmlFor={id} className={styles.legend}>
        {PROGRESS_TEXT.readingStatus}
      </label>
      <select
        id={id}
        className={fieldStyles.input}
        value={value ?? ''}
        disabled={value === undefined}
        data-reading-status={value}
        onChange={(event) => onChange(event.target.value as ReadingStatus)}
      >
        {value === undefined && <option value="">{onRetry ? '—' : 'Loading…'}</option>}
        {READING_STATUSES.map((status) => (
          <option key={status} value={status}>
            {READING_STATUS_LABELS[status]}
          </option>
        ))}
      </select>
      {onRetry && (
        <div className={styles.failure} role="alert">
          <p>{TRACK_TEXT.loadFailed}</p>
          <button type="button" className="button" onClick={onRetry}>
            {LIST_TEXT.tryAgain}
          </button>
        </div>
      )}
    </div>
  );
}
