import { useState } from 'react';
import {
  MAX_CHAPTERS_READ,
  MIN_CHAPTERS_READ,
  PERSONAL_SCORES,
  PROGRESS_TEXT,
  READING_STATUS_LABELS,
  READING_STATUSES,
  TRACK_TEXT,
  progressText,
  type ReadingStatus,
} from '../../../../contract/reading-progress-values';
import fieldStyles from '../../../ui/TextField.module.css';
import {
  offersMarkCompleted,
  oneMoreChapter,
  parseChaptersRead,
  scoreFromOption,
  scoreOption,
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
  const [draft, setDraft] = useState(String(entry.chapters_read));
  const [shown, setShown] = useState(entry.chapters_read);
  // A count changed from outside (+1, or put back after a failed save) replaces what was typed.
  if (shown !== entry.chapters_read) {
    setShown(entry.chapters_read);
    setDraft(String(entry.chapters_read));
  }
  const typed = parseChaptersRead(draft);
  const errorId = `${ids.chapters}-error`;
  const progressId = `${ids.chapters}-progress`;

  function commitChapters() {
    if (typed !== null && typed !== entry.chapters_read) onChange({ chapters_read: typed });
  }

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

      <div className={styles.row}>
        <label htmlFor={ids.chapters} className={styles.label}>
          {PROGRESS_TEXT.chapters}
        </label>
        <div className={styles.controls}>
          <input
            id={ids.chapters}
            className={`${fieldStyles.input} ${styles.chapters}`}
            type="number"
            inputMode="numeric"
            min={MIN_CHAPTERS_READ}
            max={MAX_CHAPTERS_READ}
            step={1}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onBlur={commitChapters}
            onKeyDown={(event) => {
              if (event.key === 'Enter') commitChapters();
            }}
            aria-invalid={typed === null || undefined}
            aria-describedby={typed === null ? errorId : series.chapters === null ? undefined : progressId}
          />
          <button
            type="button"
            className={`button ${styles.plusOne}`}
            onClick={() => {
              if (entry.chapters_read < MAX_CHAPTERS_READ)
                onChange({ chapters_read: oneMoreChapter(entry.chapters_read) });
            }}
            aria-disabled={entry.chapters_read >= MAX_CHAPTERS_READ || undefined}
            aria-label={TRACK_TEXT.addChapter}
          >
            {PROGRESS_TEXT.addChapter}
          </button>
          {series.chapters !== null && (
            <span id={progressId} className={styles.progress}>
              {progressText(entry.chapters_read, series.chapters)}
            </span>
          )}
        </div>
        {typed === null && (
          <p id={errorId} className={styles.error}>
            {TRACK_TEXT.chaptersInvalid}
          </p>
        )}
      </div>

      <div className={styles.row}>
        <label htmlFor={ids.score} className={styles.label}>
          {TRACK_TEXT.score}
        </label>
        <div className={styles.controls}>
          <select
            id={ids.score}
            className={`${fieldStyles.input} ${styles.select}`}
            value={scoreOption(entry.score)}
            onChange={(event) => onChange({ score: scoreFromOption(event.target.value) })}
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
