import {
  MAX_CHAPTERS_READ,
  PROGRESS_TEXT,
  TRACK_TEXT,
  progressText,
} from '../../../../contract/reading-progress-values';
import fieldStyles from '../../../ui/TextField.module.css';
import { oneMoreChapter } from '../list-state';
import { useChaptersDraft } from '../use-chapters-draft';
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
  const { typed, inputProps } = useChaptersDraft(chaptersRead, onChange);
  const errorId = `${id}-error`;
  const progressId = `${id}-progress`;

  return (
    <div className={styles.row}>
      <label htmlFor={id} className={styles.label}>
        {PROGRESS_TEXT.chapters}
      </label>
      <div className={styles.controls}>
        <input
          id={id}
          className={`${fieldStyles.input} ${styles.chapters}`}
          {...inputProps}
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
