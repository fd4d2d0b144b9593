import { useState } from 'react';
import {
  MAX_CHAPTERS_READ,
  MIN_CHAPTERS_READ,
  PROGRESS_TEXT,
  TRACK_TEXT,
  progressText,
} from '../../../../contract/reading-progress-values';
import fieldStyles from '../../../ui/TextField.module.css';
import { oneMoreChapter, parseChaptersRead } from '../list-state';
import styles from './TrackPanel.module.css';

export interface ChaptersRowProps {
  /** The input's id. */
  id: string;
  chaptersRead: number;
  /** The series' published chapters, null when unknown (then no progress is shown). */
  chapters: number | null;
  onChange: (chaptersRead: number) => void;
}

/**
 * An entry's chapters read: the field (saved when left or on Enter, once a whole number in range; until
 * then it says so and nothing is sent), "+1" (saved at once), and the progress, "12 / 150".
 */
export default function ChaptersRow({ id, chaptersRead, chapters, onChange }: ChaptersRowProps) {
  const [draft, setDraft] = useState(String(chaptersRead));
  const [shown, setShown] = useState(chaptersRead);
  // A count changed from outside (+1, or put back after a failed save) replaces what was typed.
  if (shown !== chaptersRead) {
    setShown(chaptersRead);
    setDraft(String(chaptersRead));
  }
  const typed = parseChaptersRead(draft);
  const errorId = `${id}-error`;
  const progressId = `${id}-progress`;

  function commitChapters() {
    if (typed !== null && typed !== chaptersRead) onChange(typed);
  }

  return (
    <div className={styles.row}>
      <label htmlFor={id} className={styles.label}>
        {PROGRESS_TEXT.chapters}
      </label>
      <div className={styles.controls}>
        <input
          id={id}
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
          aria-describedby={typed === null ? errorId : chapters === null ? undefined : progressId}
        />
        <button
          type="button"
          className={`button ${styles.plusOne}`}
          onClick={() => {
            if (chaptersRead < MAX_CHAPTERS_READ) onChange(oneMoreChapter(chaptersRead));
          }}
          aria-disabled={chaptersRead >= MAX_CHAPTERS_READ || undefined}
          aria-label={TRACK_TEXT.addChapter}
        >
          {PROGRESS_TEXT.addChapter}
        </button>
        {chapters !== null && (
          <span id={progressId} className={styles.progress}>
            {progressText(chaptersRead, chapters)}
          </span>
        )}
      </div>
      {typed === null && (
        <p id={errorId} className={styles.error}>
          {PROGRESS_TEXT.chaptersInvalid}
        </p>
      )}
    </div>
  );
}
