import {
  PERSONAL_SCORES,
  PROGRESS_TEXT,
  READING_STATUS_LABELS,
  READING_STATUSES,
  TRACK_TEXT,
  type ReadingStatus,
} from '../../../../contract/reading-progress-values';
import fieldStyles from '../../../ui/TextField.module.css';
import { scoreChoice, scoreFromChoice } from '../list-state';
import ChaptersRow from './ChaptersRow';
import {
  offersMarkCompleted,
  type EntryFields,
  type TrackEntry as Entry,
  type TrackedSeries,
} from './track-state';
import styles from './TrackPanel.module.css';

/** The ids of an entry's controls, so the panel can move the focus to them. */
export function entryIds(prefix: string, listId: number) {
  const base = `${prefix}-list-${listId}`;
  return {
    heading: `${base}-name`,
    status: `${base}-status`,
    chapters: `${base}-chapters`,
    score: `${base}-score`,
  };
}

export interface TrackEntryProps {
  entry: Entry;
  series: TrackedSeries;
  idPrefix: string;
  onChange: (fields: EntryFields) => void;
  onMarkCompleted: () => void;
  onRemove: () => void;
}

/**
 * One list holding the series: its name, status (with "Mark as Completed" once every published chapter of
 * a COMPLETE series is read), chapters read with "+1" and the progress ("12 / 150"), the reader's score, and
 * "Remove from list". Every change is made at once; typed chapters when the field is left or Enter pressed.
 */
export default function TrackEntry({
  entry,
  series,
  idPrefix,
  onChange,
  onMarkCompleted,
  onRemove,
}: TrackEntryProps) {
  const ids = entryIds(idPrefix, entry.list_id);
  return (
    <li className={styles.entry} role="group" aria-labelledby={ids.heading}>
      <div className={styles.entryHead}>
        <h3 id={ids.heading} className={styles.listName}>
          {entry.list_name}
        </h3>
        <button type="button" className={`button ${styles.remove}`} onClick={onRemove}>
          {TRACK_TEXT.removeFromList}
        </button>
      </div>

      <div className={styles.row}>
        <label htmlFor={ids.status} className={styles.label}>
          {PROGRESS_TEXT.readingStatus}
        </label>
        <div className={styles.controls}>
          <select
            id={ids.status}
            className={`${fieldStyles.input} ${styles.select}`}
            value={entry.reading_status}
            onChange={(event) => onChange({ reading_status: event.target.value as ReadingStatus })}
          >
            {READING_STATUSES.map((status) => (
              <option key={status} value={status}>
                {READING_STATUS_LABELS[status]}
              </option>
            ))}
          </select>
          {offersMarkCompleted(entry, series) && (
            <button type="button" className="button button-primary" onClick={onMarkCompleted}>
              {TRACK_TEXT.markCompleted}
            </button>
          )}
        </div>
      </div>

      <ChaptersRow
        id={ids.chapters}
        chaptersRead={entry.chapters_read}
        chapters={series.chapters}
        onChange={(chaptersRead) => onChange({ chapters_read: chaptersRead })}
      />

      <div className={styles.row}>
        <label htmlFor={ids.score} className={styles.label}>
          {TRACK_TEXT.score}
        </label>
        <div className={styles.controls}>
          <select
            id={ids.score}
            className={`${fieldStyles.input} ${styles.select}`}
            value={scoreChoice(entry.score)}
            onChange={(event) => onChange({ score: scoreFromChoice(event.target.value) })}
          >
            <option value="">{TRACK_TEXT.noScore}</option>
            {PERSONAL_SCORES.map((score) => (
              <option key={score} value={score}>
                {score}
              </option>
            ))}
          </select>
        </div>
      </div>
    </li>
  );
}
